import type pg from 'pg';
import { replayAndCompare } from './audit/replay.js';
import { verifyChain } from './audit/verify-chain.js';
import { validatePage } from './paging.js';
import { readBalance } from './projections/balance-table.js';
import { readTransactions } from './projections/transaction-history-table.js';
import { handleCommand, type StoreDeps } from './store/append.js';
import { readPostingsTotal } from './store/postings-table.js';
import { readEvents } from './store/read-events.js';
import type { Ledger } from './types.js';

export interface LedgerOptions {
  /** The clock stamped on events; injected so tests are deterministic. */
  now?: () => Date;
  /** Event ids; random UUIDs unless a test needs them predictable. */
  newId?: () => string;
}

/** The ledger over a pool whose database has been migrated with migrateLedger. */
export function createLedger(pool: pg.Pool, opts: LedgerOptions = {}): Ledger {
  const deps: StoreDeps = { now: opts.now ?? (() => new Date()), ...(opts.newId ? { newId: opts.newId } : {}) };
  return {
    async openAccount({ userId }) {
      await handleCommand(pool, { type: 'OpenAccount', data: { userId } }, deps);
    },
    grantSignupBonus: ({ userId }) => handleCommand(pool, { type: 'GrantSignupBonus', data: { userId } }, deps),
    approvePurchase: (data) => handleCommand(pool, { type: 'ApprovePurchase', data }, deps),
    adjust: (data) => handleCommand(pool, { type: 'AdjustCredits', data }, deps),
    chargeProcessing: (data) => handleCommand(pool, { type: 'ChargeProcessing', data }, deps),
    refundProcessing: (data) => handleCommand(pool, { type: 'RefundProcessing', data }, deps),
    balance: (userId) => readBalance(pool, userId),
    // async, so a bad page is a rejected promise like every other refusal, never a synchronous throw.
    transactions: async (userId, page) => readTransactions(pool, userId, validatePage(page)),
    events: (filter) => readEvents(pool, filter),
    verifyChain: () => verifyChain(pool),
    replayAndCompare: () => replayAndCompare(pool),
    postingsTotal: () => readPostingsTotal(pool),
  };
}
