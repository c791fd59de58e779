import { rest } from '../../client/rest';

/** The card sent to POST /api/upload/{projectId}/plan (api/src/features/uploads/upload-plans.ts). */
export interface PlanEntry {
  filename: string;
  size: number;
  sample: string;
}

export interface PlanAnswer {
  alreadyUploaded: Array<{ filename: string; fileSetId: string; fileId: string }>;
  filesToSend: number;
  setsToSend: number;
}

/** Tells the server what this upload is about to send; answers what the project holds already (by content). */
export const sendPlan = (projectId: string, files: PlanEntry[]) => rest<PlanAnswer>('POST', `/api/upload/${encodeURIComponent(projectId)}/plan`, { files });

/** The upload ended (or was cancelled): nothing is waiting any more. A failure only leaves the dashboard saying "Upload incomplete". */
export const clearPlan = (projectId: string) => rest('DELETE', `/api/upload/${encodeURIComponent(projectId)}/plan`).catch(() => undefined);

/** "42 clips still to send" */
export const stillToSend = (sets: number) => `${sets} clip${sets === 1 ? '' : 's'} still to send`;
