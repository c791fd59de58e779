import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { tableColumns } from '../../platform/db/table-columns.js';

/** The notifications feature's one table (migration 20261128050000); app/schema-drift.int.spec.ts checks it. */
export const NOTIFICATION_SETTINGS = tableColumns('notification_settings', {
  user_id: 'uuid',
  off_kinds: '_text',
  low_credits_cents: 'int4',
  unsubscribe_key: 'varchar',
  updated_at: 'timestamptz',
});

/** The notification e-mails a user can turn off, each with the words the settings screen shows. */
export const NOTIFICATION_KINDS = {
  'processing-finished': 'Processing finished (every set processed)',
  'processing-failed': 'Processing finished with failed sets',
  'delivery-finished': 'Delivery finished',
  'delivery-failed': 'Delivery failed for some files',
  'credits-low': 'Credits running low',
  'purchase-status': 'Purchase approved or rejected',
} as const;
export type NotificationKind = keyof typeof NOTIFICATION_KINDS;
export const isNotificationKind = (k: unknown): k is NotificationKind => typeof k === 'string' && Object.hasOwn(NOTIFICATION_KINDS, k);

/** No row yet: every kind on, warned below 10.00 credits. */
export const DEFAULT_LOW_CREDITS_CENTS = 1000;

export interface NotificationSettingsRow {
  offKinds: NotificationKind[];
  lowCreditsCents: number;
}

/**
 * SQL over notification_settings: the only place that names the table. A row is made on the first
 * change or the first notification (its random key signs the unsubscribe links, so any process,
 * the API or a standalone worker, can sign and check them without a shared secret).
 */
export class NotificationSettingsStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(userId: string): Promise<NotificationSettingsRow> {
    const { rows } = await this.pool.query<{ off_kinds: string[]; low_credits_cents: number }>(
      'select off_kinds, low_credits_cents from notification_settings where user_id = $1',
      [userId],
    );
    const row = rows[0];
    return { offKinds: (row?.off_kinds ?? []).filter(isNotificationKind), lowCreditsCents: row?.low_credits_cents ?? DEFAULT_LOW_CREDITS_CENTS };
  }

  /** Turns one kind on or off (idempotent). */
  async setKind(userId: string, kind: NotificationKind, enabled: boolean): Promise<void> {
    await this.ensure(userId);
    await this.pool.query(
      `update notification_settings set off_kinds = case when $3 then array_remove(off_kinds, $2)
         else array_append(array_remove(off_kinds, $2), $2) end, updated_at = now() where user_id = $1`,
      [userId, kind, enabled],
    );
  }

  async setLowCredits(userId: string, cents: number): Promise<void> {
    await this.ensure(userId);
    await this.pool.query('update notification_settings set low_credits_cents = $2, updated_at = now() where user_id = $1', [userId, cents]);
  }

  /** The link signature for (user, kind): HMAC-SHA256 under the user's key, 128 bits, base64url. */
  async sign(userId: string, kind: NotificationKind): Promise<string> {
    return mac(await this.ensure(userId), kind);
  }

  /** Whether `signature` is the one `sign` gives (constant time); false for an unknown user. */
  async verify(userId: string, kind: NotificationKind, signature: string): Promise<boolean> {
    const { rows } = await this.pool.query<{ unsubscribe_key: string }>('select unsubscribe_key from notification_settings where user_id = $1', [userId]);
    if (!rows[0]) return false;
    const want = Buffer.from(mac(rows[0].unsubscribe_key, kind));
    const got = Buffer.from(signature);
    return want.length === got.length && timingSafeEqual(want, got);
  }

  /** The user's row (made with a fresh key when missing); answers the key. A user that is gone fails the insert (FK). */
  private async ensure(userId: string): Promise<string> {
    const { rows } = await this.pool.query<{ unsubscribe_key: string }>(
      `with ins as (insert into notification_settings (user_id, unsubscribe_key) values ($1, $2) on conflict (user_id) do nothing returning unsubscribe_key)
       select unsubscribe_key from ins union all select unsubscribe_key from notification_settings where user_id = $1 and not exists (select 1 from ins)`,
      [userId, randomBytes(32).toString('hex')],
    );
    if (rows[0]) return rows[0].unsubscribe_key;
    // Another request made the row meanwhile: the insert waited for it and did nothing, but this
    // statement's snapshot predates it. A new statement sees it (two settings saved at once had
    // answered a 500 here).
    const again = await this.pool.query<{ unsubscribe_key: string }>('select unsubscribe_key from notification_settings where user_id = $1', [userId]);
    if (!again.rows[0]) throw new Error('notification settings row missing after insert');
    return again.rows[0].unsubscribe_key;
  }
}

const mac = (key: string, kind: string) => createHmac('sha256', key).update(`unsubscribe:${kind}`).digest('base64url').slice(0, 22);
