import type pg from 'pg';
import { tableColumns, type ColumnOf } from '../../platform/db/table-columns.js';

/** The contact feature's one table (migration 20261127060200); app/schema-drift.int.spec.ts checks it. */
export const CONTACT_MESSAGES = tableColumns('contact_messages', {
  id: 'uuid',
  name: 'varchar',
  email: 'varchar',
  message: 'text',
  user_id: 'uuid?',
  created_at: 'timestamptz',
  read_at: 'timestamptz?',
  replied_at: 'timestamptz?',
  reply: 'text?',
});

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  message: string;
  userId: string | null;
  createdAt: Date;
  readAt: Date | null;
  repliedAt: Date | null;
  reply: string | null;
}
type Row = Record<ColumnOf<typeof CONTACT_MESSAGES>, unknown>;
const toMessage = (r: Row): ContactMessageRow => ({
  id: r.id as string,
  name: r.name as string,
  email: r.email as string,
  message: r.message as string,
  userId: (r.user_id as string | null) ?? null,
  createdAt: r.created_at as Date,
  readAt: (r.read_at as Date | null) ?? null,
  repliedAt: (r.replied_at as Date | null) ?? null,
  reply: (r.reply as string | null) ?? null,
});
const COLUMNS = 'id, name, email, message, user_id, created_at, read_at, replied_at, reply';

/** SQL over contact_messages: the only place that names the table. */
export class ContactStore {
  constructor(private readonly pool: pg.Pool) {}

  async insert(m: { id: string; name: string; email: string; message: string; userId: string | null }): Promise<ContactMessageRow> {
    const r = await this.pool.query<Row>(`INSERT INTO contact_messages (id, name, email, message, user_id) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`, [
      m.id,
      m.name,
      m.email,
      m.message,
      m.userId,
    ]);
    return toMessage(r.rows[0]!);
  }

  async list(q: { unreadOnly: boolean; limit: number; offset: number }): Promise<{ items: ContactMessageRow[]; total: number; unread: number }> {
    const where = q.unreadOnly ? 'WHERE read_at IS NULL' : '';
    const [items, counts] = await Promise.all([
      this.pool.query<Row>(`SELECT ${COLUMNS} FROM contact_messages ${where} ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [q.limit, q.offset]),
      this.pool.query<{ total: number; unread: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread FROM contact_messages`,
      ),
    ]);
    const { total, unread } = counts.rows[0]!;
    return { items: items.rows.map(toMessage), total: q.unreadOnly ? unread : total, unread };
  }

  async get(id: string): Promise<ContactMessageRow | null> {
    const r = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM contact_messages WHERE id = $1`, [id]);
    return r.rows[0] ? toMessage(r.rows[0]) : null;
  }

  async setRead(id: string, read: boolean): Promise<ContactMessageRow | null> {
    const r = await this.pool.query<Row>(
      `UPDATE contact_messages SET read_at = CASE WHEN $2 THEN coalesce(read_at, now()) END WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, read],
    );
    return r.rows[0] ? toMessage(r.rows[0]) : null;
  }

  async setReply(id: string, reply: string): Promise<ContactMessageRow | null> {
    const r = await this.pool.query<Row>(
      `UPDATE contact_messages SET reply = $2, replied_at = now(), read_at = coalesce(read_at, now()) WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, reply],
    );
    return r.rows[0] ? toMessage(r.rows[0]) : null;
  }
}
