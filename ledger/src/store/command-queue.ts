import type pg from 'pg';
import type { LedgerCommand } from '../commands.js';
import { validateCommand } from '../decide.js';
import { LedgerError } from '../errors.js';
import type { Posted } from '../types.js';
import { appendBatch, type Outcome, type StoreDeps } from './append.js';
import { inTransaction, isWriteClash, withClient } from './db.js';

/** Attempts per command when another writer moved the stream first, before giving up with CONCURRENCY. */
const MAX_ATTEMPTS = 6;

export interface QueueLimits {
  /** Commands in one batch at most. */
  maxBatch: number;
  /** Batches in flight at once (each holds one pooled connection). */
  maxInFlight: number;
}

const DEFAULT_LIMITS: QueueLimits = { maxBatch: 64, maxInFlight: 2 };

interface Job {
  command: LedgerCommand;
  resolve: (posted: Posted) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for the ledger. Commands that arrive while earlier ones are being written wait here and
 * go together into the next batch (appendBatch): one read and one write statement that commits the
 * lot, instead of a dozen round trips and a commit each. Nothing waits to fill a batch: a command on
 * an idle ledger is written at the end of the event loop's current turn, alone.
 *
 * Commands on one account keep their order: an account in a batch in flight is held back from the
 * next until that batch ends, so one process never races itself on a stream. Other processes still
 * can; their clashes are retried.
 */
export class CommandQueue {
  private waiting: Job[] = [];
  private readonly busy = new Set<string>();
  private inFlight = 0;
  private pumpScheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly deps: StoreDeps,
    private readonly limits: QueueLimits = DEFAULT_LIMITS,
  ) {}

  /** Validates at once (a malformed command never waits), then queues the command for the next batch. */
  submit(command: LedgerCommand): Promise<Posted> {
    try {
      validateCommand(command);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise<Posted>((resolve, reject) => {
      this.waiting.push({ command, resolve, reject });
      this.schedulePump();
    });
  }

  /**
   * Starts batches once the current turn of the event loop is over, so that every command submitted
   * in it (say, by all the callers a finished batch just answered) goes into the same batch rather
   * than the first one alone.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxInFlight) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      const users = new Set(batch.map((job) => job.command.data.userId));
      for (const user of users) this.busy.add(user);
      this.inFlight++;
      void this.write(batch).finally(() => {
        for (const user of users) this.busy.delete(user);
        this.inFlight--;
        this.schedulePump();
      });
    }
  }

  /** The waiting commands whose accounts are free, in arrival order; a held-back account holds back its later commands too. */
  private takeBatch(): Job[] {
    const batch: Job[] = [];
    const rest: Job[] = [];
    const held = new Set(this.busy);
    for (const job of this.waiting) {
      const user = job.command.data.userId;
      if (held.has(user) || batch.length >= this.limits.maxBatch) {
        held.add(user);
        rest.push(job);
      } else {
        batch.push(job);
      }
    }
    this.waiting = rest;
    return batch;
  }

  /**
   * Writes a batch: first optimistically (two statements, no locks); after a clash with another
   * process, or any other failure, the whole batch again with its accounts locked; if that fails too,
   * each command on its own, so one command's trouble is never another's.
   */
  private async write(batch: Job[]): Promise<void> {
    const commands = batch.map((job) => job.command);
    try {
      settle(batch, await withClient(this.pool, (client) => appendBatch(client, commands, this.deps, 'optimistic')));
      return;
    } catch {
      // Fall through to the locked try.
    }
    if (batch.length > 1) {
      try {
        settle(batch, await inTransaction(this.pool, (client) => appendBatch(client, commands, this.deps, 'locked')));
        return;
      } catch {
        // Fall through: one at a time, in order, each with its own retries and its own error.
      }
    }
    for (const job of batch) {
      try {
        settle([job], await this.writeAlone(job.command));
      } catch (error) {
        job.reject(error);
      }
    }
  }

  /** One command, locked, retried while another writer keeps moving its stream first. */
  private async writeAlone(command: LedgerCommand): Promise<Outcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(this.pool, (client) => appendBatch(client, [command], this.deps, 'locked'));
      } catch (error) {
        if (!isWriteClash(error)) throw error;
        if (attempt >= MAX_ATTEMPTS) {
          throw new LedgerError('CONCURRENCY', 'The account is busy; please try again', { userId: command.data.userId, attempts: attempt });
        }
        // Jittered back-off so the writers that clashed do not meet again on the next attempt.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }
}

function settle(jobs: readonly Job[], outcomes: readonly Outcome[]): void {
  jobs.forEach((job, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) job.resolve(outcome.posted);
    else job.reject(outcome.error);
  });
}
