import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { z } from 'zod';
import type { Emitter } from '../../platform/events/events.js';
import { badInput, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import type { AttemptLimiter } from '../auth/rate-limit.js';
import { ContactStore, type ContactMessageRow } from './contact-store.js';

export const CONTACT_MESSAGE_MAX_CHARS = 5000;
export const CONTACT_REPLY_MAX_CHARS = 10_000;

const oneLine = (v: string) => v.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
const contactInput = z.object({
  name: z.string({ error: 'Name is required' }).transform(oneLine).pipe(z.string().min(1, 'Name is required').max(100, 'Name must be at most 100 characters')),
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().max(254, 'Email is too long').email('Please enter a valid email address'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(CONTACT_MESSAGE_MAX_CHARS, `Message must be at most ${CONTACT_MESSAGE_MAX_CHARS} characters`),
});

/**
 * The contact form: a message is stored for the administrators' inbox and they are e-mailed
 * ('contact.received'); an administrator reads it, marks it read or unread, and replies by e-mail
 * ('contact.replied') from the admin area.
 */
export class ContactService {
  readonly store: ContactStore;

  constructor(
    pool: pg.Pool,
    private readonly limiter: Pick<AttemptLimiter, 'attempt'>,
    private readonly events: Emitter<'contact.received' | 'contact.replied'>,
  ) {
    this.store = new ContactStore(pool);
  }

  async submit(raw: unknown, from: { userId: string | null; address?: string }): Promise<ContactMessageRow> {
    // Counted with sign-ups and logins per address, and per sender address like a sign-up name.
    await this.limiter.attempt(from.address, `contact:${String((raw as { email?: unknown } | null)?.email ?? '')}`);
    const input = contactInput.parse(raw);
    const row = await this.store.insert({ id: randomUUID(), ...input, userId: from.userId });
    await this.events.emit('contact.received', { messageId: row.id, name: row.name, email: row.email, message: row.message });
    return row;
  }

  async inbox(q: { unreadOnly?: boolean | null; limit?: number; offset?: number }) {
    const limit = Math.min(Math.max(Math.trunc(q.limit ?? 50), 1), 200);
    const offset = Math.min(Math.max(Math.trunc(q.offset ?? 0), 0), 1_000_000);
    return this.store.list({ unreadOnly: Boolean(q.unreadOnly), limit, offset });
  }

  async markRead(rawId: unknown, read: boolean): Promise<ContactMessageRow> {
    const row = await this.store.setRead(parseId(rawId, 'message'), read);
    if (!row) throw notFound('Message not found');
    return row;
  }

  async reply(rawId: unknown, rawReply: unknown, admin: { id: string; username: string }): Promise<ContactMessageRow> {
    const id = parseId(rawId, 'message');
    if (typeof rawReply !== 'string' || !rawReply.trim()) throw badInput('Please write a reply');
    const reply = rawReply.trim();
    if (reply.length > CONTACT_REPLY_MAX_CHARS) throw badInput(`A reply must be at most ${CONTACT_REPLY_MAX_CHARS} characters`);
    const original = await this.store.get(id);
    if (!original) throw notFound('Message not found');
    const row = (await this.store.setReply(id, reply))!;
    await this.events.emit('contact.replied', {
      messageId: id,
      name: row.name,
      email: row.email,
      original: row.message,
      reply,
      adminName: admin.username,
      repliedAt: row.repliedAt!,
    });
    return row;
  }
}
