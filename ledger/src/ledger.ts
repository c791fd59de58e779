import type pg from 'pg';
import { replayAndCompare } from './audit/replay.js';
import { verifyChain } from './audit/verify-chain.js';
import { validatePage } from './paging.js';
import { readBalance, readBalances } from './projections/balance-table.js';
import { readTransactions } from './projections/transaction-history-table.js';
import type { StoreDeps } from './store/append.js';
import { CommandQueue, type QueueLimits } from './store/command-queue.js';
import { readPostingsTotal } from './store/postings-table.js';
import { readEvents } from './store/read-events.js';
import type { LedgerCommand } from './commands.js';
import type { Ledger, Posted } from './types.js';

export interface LedgerOptions {
  /** The clock stamped on events; injected so tests are deterministic. */
  now?: () => Date;
  /** Event ids; random UUIDs unless a test needs them predictable. */
  newId?: () => string;
  /** Group-commit limits (see store/command-queue.ts); the defaults suit a pool of 10 or more. */
  queue?: QueueLimits;
}

/** The ledger over a pool whose database has been migrated with migrateLedger. */
export function createLedger(pool: pg.Pool, opts: LedgerOptions = {}): Ledger {
  const deps: StoreDeps = { now: opts.now ?? (() => new Date()), ...(opts.newId ? { newId: opts.newId } : {}) };
  const queue = new CommandQueue(pool, deps, opts.queue);
  const handleCommand = (command: LedgerCommand): Promise<Posted> => queue.submit(command);
  return {
    async openAccount({ userId }) {
      await handleCommand({ type: 'OpenAccount', data: { userId } });
    },
    grantSignupBonus: ({ userId }) => handleCommand({ type: 'GrantSignupBonus', data: { userId } }),
    approvePurchase: (data) => handleCommand({ type: 'ApprovePurchase', data }),
    adjust: (data) => handleCommand({ type: 'AdjustCredits', data }),
    chargeProcessing: (data) => handleCommand({ type: 'ChargeProcessing', data }),
    refundProcessing: (data) => handleCommand({ type: 'RefundProcessing', data }),
    balance: (userId) => readBalance(pool, userId),
    balances: (userIds) => readBalances(pool, userIds),
    // async, so a bad page is a rejected promise like every other refusal, never a synchronous throw.
    transactions: async (userId, page) => readTransactions(pool, userId, validatePage(page)),
    events: (filter) => readEvents(pool, filter),
    verifyChain: () => verifyChain(pool),
    replayAndCompare: () => replayAndCompare(pool),
    postingsTotal: () => readPostingsTotal(pool),
  };
}
