/** tus's answer to a DELETE of an upload that finished while it waited for the lock: its bytes are a stored file now. */
export const FINISHED = { status_code: 409, body: 'This upload is finished: its file is part of its set\n' };
