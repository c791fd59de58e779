/**
 * The end of a processing run and its money back: after every settled job, a run charged per set
 * gives each failed set its own charge back, and the run ends once (decided under its row lock, see
 * RunStore.finishIfSettled) with the refund its rules state: refund = charge - round(succeeded x cost)
 * (run-lifecycle.ts). Refunds are keyed (run, or run/set), so posting one twice has one effect; runs
 * that ended while the process died before the ledger are settled again at start-up.
 */
import { isLedgerError, type Ledger } from '@shotlog/ledger';
import type { Logger } from '../../platform/logging/logger.js';
import type { Emitter } from '../../platform/events/events.js';
import { spreadRefund } from './run-lifecycle.js';
import { setChargeKey, type RunStore, type SettledRun } from './run-store.js';

export interface RunSettlementDeps {
  runs: RunStore;
  ledger: Pick<Ledger, 'refundProcessing'>;
  logger: Logger;
  /** Tells others a run finished (notifications); none in tests that build the service alone. */
  events?: Emitter<'processing.runFinished'>;
}

export class RunSettlement {
  constructor(private readonly deps: RunSettlementDeps) {}

  private get runs(): RunStore {
    return this.deps.runs;
  }

  /** Called after every settled job: finishes the run once and refunds what failed. */
  async finishIfSettled(runId: string): Promise<SettledRun | null> {
    await this.refundFailedSets(runId);
    const settled = await this.runs.finishIfSettled(runId);
    if (settled) {
      await this.refund(settled);
      this.deps.logger.info({ runId, succeeded: settled.succeeded, failed: settled.failed }, 'processing run finished');
      const spentCents = settled.chargedCents - settled.refundedAtOnceCents - settled.refundCents;
      const { projectId, userId, totalJobs, succeeded, failed } = settled;
      await this.deps.events?.emit('processing.runFinished', { runId, projectId, userId, totalJobs, succeeded, failed, spentCents });
    }
    return settled;
  }

  /**
   * A run charged per set gives each failed set its own charge back at once (its own ledger key, so
   * posting twice has one effect), not when the whole card is done. Other runs refund when they end.
   */
  private async refundFailedSets(runId: string): Promise<number> {
    const failed = await this.runs.failedSetsAwaitingRefund(runId);
    if (!failed.length) return 0;
    const run = await this.runs.run(runId);
    if (!run?.chargedPerSet) return 0;
    const userId = await this.runs.userOf(runId);
    for (const { fileSetId, chargeCents } of failed) {
      await this.postSetRefund(userId, runId, fileSetId, chargeCents, '1 failed file set');
      await this.runs.recordSetRefund(runId, fileSetId);
    }
    await this.runs.notify(run.projectId);
    return failed.length;
  }

  private async postSetRefund(userId: string, runId: string, fileSetId: string, cents: number, description: string): Promise<void> {
    try {
      if (cents > 0) await this.deps.ledger.refundProcessing({ userId, runId: setChargeKey(runId, fileSetId), amount: cents, description });
    } catch (err) {
      // No charge to refund: the process died between queuing the set and charging it.
      if (!isLedgerError(err, 'NOT_FOUND')) throw err;
    }
  }

  /** refund = charge - round(succeeded x cost), as the run's rules decided when it ended (RunEnded); posting it twice has one effect. */
  private async refund(run: SettledRun): Promise<void> {
    if (run.chargedPerSet) {
      // Each failed set got its own charge back (refundFailedSets, run again here after a crash); what the rule
      // still owes is spread over the succeeded sets' keys, in a stable order so a re-run posts the same parts.
      await this.refundFailedSets(run.runId);
      const succeeded = await this.runs.succeededSetCharges(run.runId);
      for (const part of spreadRefund(run.refundCents, succeeded)) {
        if (succeeded.find((s) => s.fileSetId === part.fileSetId)?.refunded) continue;
        await this.postSetRefund(run.userId, run.runId, part.fileSetId, part.cents, 'rounding of the failed file sets');
        await this.runs.recordSetRefund(run.runId, part.fileSetId);
      }
      await this.runs.recordRefund(run.runId, run.refundedAtOnceCents + run.refundCents);
      return;
    }
    if (run.chargedCents > 0) {
      await this.deps.ledger.refundProcessing({
        userId: run.userId,
        runId: run.runId,
        amount: run.refundCents,
        description: `${run.failed} failed file set${run.failed === 1 ? '' : 's'}`, // shown as "Refund: 1 failed file set"
      });
    }
    await this.runs.recordRefund(run.runId, run.refundCents);
  }

  /** Re-posts refunds of runs that finished while the process died before reaching the ledger. */
  async settlePendingRefunds(): Promise<number> {
    const runs = await this.runs.runsAwaitingRefund();
    for (const run of runs) await this.refund(run);
    return runs.length;
  }
}
