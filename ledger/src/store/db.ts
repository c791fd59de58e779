import type pg from 'pg';

/**
 * Runs `work` in one database transaction on one pooled connection: COMMIT when it returns,
 * ROLLBACK when it throws. `begin` lets audits ask for a snapshot (REPEATABLE READ).
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>, begin = 'BEGIN'): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      // A connection that cannot roll back is not given back to the pool.
      broken = rollbackError as Error;
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Runs `work` on one pooled connection, outside any transaction. */
export async function withClient<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await work(client);
  } finally {
    client.release();
  }
}

/** A consistent snapshot for audits: every event a later one depends on is visible with it. */
export const SNAPSHOT = 'BEGIN ISOLATION LEVEL REPEATABLE READ';

/**
 * node-postgres returns int8 as text (it could exceed a double). Ledger amounts are bounded far below
 * 2^53, so they are converted here, and anything that is not a safe integer is a bug worth stopping on.
 */
export function toCents(value: string | number): number {
  const cents = Number(value);
  if (!Number.isSafeInteger(cents)) throw new Error(`Amount out of safe integer range: ${value}`);
  return cents;
}

interface PgError {
  code?: string;
  constraint?: string;
}

/** Raised when the stream head moved between reading and writing it: another writer appended first. */
export class StreamVersionClash extends Error {
  override readonly name = 'StreamVersionClash';
}

/** Errors that mean "another writer got there first": the command is retried on fresh state. */
export function isWriteClash(error: unknown): boolean {
  if (error instanceof StreamVersionClash) return true;
  const { code, constraint } = (error ?? {}) as PgError;
  if (code === '40001' || code === '40P01') return true; // serialization failure, deadlock
  return code === '23505' && (constraint === 'ledger_events_stream_version_key' || constraint === 'ledger_account_balances_pkey');
}
