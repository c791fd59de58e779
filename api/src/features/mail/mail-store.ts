import type pg from 'pg';
import { tableColumns, type ColumnOf } from '../../platform/db/table-columns.js';

/** The mail feature's one table (migration 20261127060000); app/schema-drift.int.spec.ts checks it. */
export const MAIL_MESSAGES = tableColumns('mail_messages', {
  id: 'uuid',
  message_key: 'varchar',
  kind: 'varchar',
  user_id: 'uuid?',
  to_address: 'varchar',
  subject: 'varchar',
  text_body: 'text',
  html_body: 'text',
  status: 'varchar',
  attempts: 'int4',
  last_error: 'text?',
  created_at: 'timestamptz',
  sent_at: 'timestamptz?',
  unsubscribe_url: 'text?',
});

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'stored', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

type Row = Record<ColumnOf<typeof MAIL_MESSAGES>, unknown>;

export interface MailMessageRow {
  id: string;
  messageKey: string;
  kind: string;
  userId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** A notification's one-click unsubscribe link (List-Unsubscribe, RFC 8058); null for other mail. */
  unsubscribeUrl: string | null;
}

const SELECT = `id, message_key, kind, user_id, to_address, subject, text_body, html_body, status, attempts, last_error, created_at, sent_at, unsubscribe_url`;
const toMessage = (r: Row): MailMessageRow => ({
  id: r.id as string,
  messageKey: r.message_key as string,
  kind: r.kind as string,
  userId: (r.user_id as string | null) ?? null,
  to: r.to_address as string,
  subject: r.subject as string,
  text: r.text_body as string,
  html: r.html_body as string,
  status: r.status as MailStatus,
  attempts: r.attempts as number,
  lastError: (r.last_error as string | null) ?? null,
  createdAt: r.created_at as Date,
  sentAt: (r.sent_at as Date | null) ?? null,
  unsubscribeUrl: (r.unsubscribe_url as string | null) ?? null,
});

/** SQL over mail_messages: the only place that names the table. */
export class MailStore {
  constructor(private readonly pool: pg.Pool) {}

  /** Records a message once per key: the id and whether this call made it (false: the key was there). */
  async insert(m: Omit<MailMessageRow, 'status' | 'attempts' | 'lastError' | 'createdAt' | 'sentAt'>): Promise<{ id: string; created: boolean }> {
    const r = await this.pool.query<{ id: string; created: boolean }>(
      `WITH ins AS (
         INSERT INTO mail_messages (id, message_key, kind, user_id, to_address, subject, text_body, html_body, unsubscribe_url)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (message_key) DO NOTHING RETURNING id)
       SELECT id, true AS created FROM ins UNION ALL SELECT id, false FROM mail_messages WHERE message_key = $2 AND NOT EXISTS (SELECT 1 FROM ins)`,
      [m.id, m.messageKey, m.kind, m.userId, m.to, m.subject, m.text, m.html, m.unsubscribeUrl],
    );
    return r.rows[0]!;
  }

  /**
   * Claims a message for one send: queued (or failed, when an administrator asked again) becomes
   * sending, one attempt counted. Null when it was sent, stored or is being sent already: a job
   * handed out twice sends once.
   */
  async claim(id: string): Promise<MailMessageRow | null> {
    const r = await this.pool.query<Row>(
      `UPDATE mail_messages SET status = 'sending', attempts = attempts + 1 WHERE id = $1 AND status = 'queued' RETURNING ${SELECT}`,
      [id],
    );
    return r.rows[0] ? toMessage(r.rows[0]) : null;
  }

  async finish(id: string, status: 'sent' | 'stored'): Promise<void> {
    await this.pool.query(`UPDATE mail_messages SET status = $2, sent_at = now(), last_error = NULL WHERE id = $1`, [id, status]);
  }

  /** A failed try: back to queued for the next one, or failed for good; the server's answer kept. */
  async failAttempt(id: string, error: string, final: boolean): Promise<void> {
    await this.pool.query(`UPDATE mail_messages SET status = $2, last_error = $3 WHERE id = $1 AND status = 'sending'`, [
      id,
      final ? 'failed' : 'queued',
      error.slice(0, 2000),
    ]);
  }

  /** An administrator's "send again" of a failed message. */
  async requeue(id: string): Promise<boolean> {
    const r = await this.pool.query(`UPDATE mail_messages SET status = 'queued' WHERE id = $1 AND status IN ('failed', 'sending')`, [id]);
    return (r.rowCount ?? 0) > 0;
  }

  /** Messages waiting for a send (queued), for the worker's start: their jobs may have been lost with the queue store. */
  async waitingIds(limit: number): Promise<string[]> {
    const r = await this.pool.query<{ id: string }>(`SELECT id FROM mail_messages WHERE status = 'queued' ORDER BY created_at LIMIT $1`, [limit]);
    return r.rows.map((x) => x.id);
  }

  async list(q: { limit: number; offset: number; status?: MailStatus }): Promise<{ items: MailMessageRow[]; total: number }> {
    const where = q.status ? 'WHERE status = $3' : '';
    const params: unknown[] = [q.limit, q.offset, ...(q.status ? [q.status] : [])];
    const [items, total] = await Promise.all([
      this.pool.query<Row>(`SELECT ${SELECT} FROM mail_messages ${where} ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, params),
      this.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_messages ${where.replace('$3', '$1')}`, q.status ? [q.status] : []),
    ]);
    return { items: items.rows.map(toMessage), total: total.rows[0]!.n };
  }

  /** A user's newest messages of these kinds (the in-app notifications). */
  async forUser(userId: string, kinds: readonly string[], limit: number): Promise<MailMessageRow[]> {
    const r = await this.pool.query<Row>(
      `SELECT ${SELECT} FROM mail_messages WHERE user_id = $1 AND kind = ANY($2::text[]) ORDER BY created_at DESC, id LIMIT $3`,
      [userId, kinds, limit],
    );
    return r.rows.map(toMessage);
  }

  async get(id: string): Promise<MailMessageRow | null> {
    const r = await this.pool.query<Row>(`SELECT ${SELECT} FROM mail_messages WHERE id = $1`, [id]);
    return r.rows[0] ? toMessage(r.rows[0]) : null;
  }

  async countByStatus(): Promise<Record<MailStatus, number>> {
    const r = await this.pool.query<{ status: MailStatus; n: number }>(`SELECT status, count(*)::int AS n FROM mail_messages GROUP BY status`);
    const out = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>;
    for (const row of r.rows) out[row.status] = row.n;
    return out;
  }
}
