import type pg from 'pg';
import type { Request } from 'express';
import { badInput, conflict } from '../errors/app-error.js';
import { requestFingerprint } from './canonical-json.js';

/**
 * Idempotent writes for scripts that retry: the same (user, key) has one effect, and its repeats
 * get the first answer back.
 *
 * Protocol (unique-insert-first, table `idempotency_keys`, primary key (user_id, key)):
 * 1. INSERT a 'pending' claim; ON CONFLICT DO NOTHING. Exactly one concurrent request wins.
 * 2. The winner performs the write and stores its answer ('done'). If the write throws, the
 *    claim is deleted, so a retry after a refused request (400, 402, ...) runs again.
 * 3. A request that finds the key: a different fingerprint (operation + canonical input) is a
 *    409 'Idempotency-Key was already used with a different request'; 'done' returns the stored
 *    answer; 'pending' waits for the winner (409 "still in progress" after `waitMs`).
 * Keys expire after `ttlMs` (24 h); an expired key is reclaimed by the next request using it.
 * If a process dies between the write and storing the answer, the key stays 'pending' until it
 * expires, which is safe (no second effect) and visible (409 "still in progress").
 *
 * Adopting it for another write (upload, process) is one call in the service the REST route and
 * the GraphQL resolver both use, e.g. for processing:
 *
 *   const run = await services.idempotency.createOnce(
 *     { userId: user.id, key, operation: 'processProject', input: { projectId } },
 *     () => this.startRun(user, projectId),            // the write; its result must have an id
 *     (id) => this.getRun(user, id),                   // how a repeat loads the first answer
 *   );
 *
 * with `key` from `idempotencyKeyOf(req)` (REST `Idempotency-Key` header) or the mutation's
 * `idempotencyKey` argument. Use `once()` instead when the answer is small JSON.
 */
export interface IdempotentRequest {
  userId: string;
  /** The client's key; absent means no idempotency (the write just runs). */
  key: string | null | undefined;
  /** A stable operation name, e.g. 'createProject'; part of the fingerprint. */
  operation: string;
  /** The request's meaningful input (validated/normalised), fingerprinted as canonical JSON. */
  input: unknown;
}

export const IDEMPOTENCY_MISMATCH = 'Idempotency-Key was already used with a different request';
export const IDEMPOTENCY_IN_PROGRESS = 'A request with this Idempotency-Key is still in progress; retry later';
const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;

/** The REST `Idempotency-Key` header, or undefined. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const v = req.get('idempotency-key');
  return v === undefined ? undefined : v.trim();
}

export class IdempotencyService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly opts: { ttlMs: number; waitMs: number } = { ttlMs: 24 * 3600_000, waitMs: 30_000 },
  ) {}

  /** Runs `perform` once per (user, key) and answers its JSON result; repeats get the stored one. */
  async once<T>(req: IdempotentRequest, perform: () => Promise<T>): Promise<{ answer: T; replayed: boolean }> {
    if (req.key === null || req.key === undefined) return { answer: await perform(), replayed: false };
    const key = req.key;
    if (!KEY_SHAPE.test(key)) throw badInput('Idempotency-Key must be 1 to 200 visible ASCII characters');
    const fingerprint = requestFingerprint(req.operation, req.input);
    const deadline = Date.now() + this.opts.waitMs;
    if (Math.random() < 0.01) this.pool.query('DELETE FROM idempotency_keys WHERE expires_at < now()').catch(() => undefined);
    for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
      const claimed = await this.pool.query(
        `INSERT INTO idempotency_keys (user_id, key, operation, fingerprint, state, created_at, expires_at)
         VALUES ($1, $2, $3, $4, 'pending', now(), now() + $5 * interval '1 millisecond')
         ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
        [req.userId, key, req.operation, fingerprint, this.opts.ttlMs],
      );
      if (claimed.rowCount) {
        let answer: T;
        try {
          answer = await perform();
        } catch (err) {
          await this.pool.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND state = 'pending'`, [req.userId, key]).catch(() => undefined);
          throw err;
        }
        await this.pool.query(`UPDATE idempotency_keys SET state = 'done', answer = $3 WHERE user_id = $1 AND key = $2`, [
          req.userId,
          key,
          JSON.stringify(answer ?? null),
        ]);
        return { answer, replayed: false };
      }
      const found = await this.pool.query<{ fingerprint: string; state: string; answer: T; expired: boolean }>(
        `SELECT fingerprint, state, answer, expires_at <= now() AS expired FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
        [req.userId, key],
      );
      const row = found.rows[0];
      if (!row) continue; // the holder failed and released it: claim again
      if (row.expired) {
        await this.pool.query('DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND expires_at <= now()', [req.userId, key]);
        continue;
      }
      if (row.fingerprint !== fingerprint) throw conflict(IDEMPOTENCY_MISMATCH);
      if (row.state === 'done') return { answer: row.answer, replayed: true };
      if (Date.now() > deadline) throw conflict(IDEMPOTENCY_IN_PROGRESS);
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** `once` for a write that creates a row: stores its id, and a repeat answers `load(id)`. */
  async createOnce<T extends { id: string }>(req: IdempotentRequest, create: () => Promise<T>, load: (id: string) => Promise<T>): Promise<T> {
    let created: T | undefined;
    const { answer, replayed } = await this.once(req, async () => {
      created = await create();
      return { id: created.id };
    });
    return replayed || !created ? load(answer.id) : created;
  }
}
