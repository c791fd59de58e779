// The public surface of @shotlog/ledger. The API codes against exactly these names.
export { costPerFilesetCents, formatCredits, parseCreditAmount, runCostCents, SIGNUP_BONUS, type Cents } from './money.js';
export { LedgerError, isLedgerError, type LedgerErrorCode } from './errors.js';
export { migrateLedger } from './store/schema.js';
export { restrictLedgerRole } from './store/roles.js';
// The one transaction helper of the repository (the API's begin/commit blocks use it too: api/src/platform/db/transaction.ts).
export { inTransaction } from './store/db.js';
// The event types, in one list: the API turns it into the GraphQL enum LedgerEventType.
export { LEDGER_EVENT_TYPES } from './events.js';
export { createLedger, type LedgerOptions } from './ledger.js';
export type { ChainVerification, EventFilter, Ledger, LedgerEventRow, Page, Posted, ReplayComparison, ReplayDifference, TransactionRow } from './types.js';
export type { TransactionType } from './projections/transaction-history.js';
// The pure slice, for readers and tests of the rules.
export type * from './events.js';
export type * from './commands.js';
export { decide, validateCommand, DEFAULT_ADJUSTMENT_REASON } from './decide.js';
export { evolve, initialState, type AccountState, type RunState } from './evolve.js';
export { postingsFor, SYSTEM_ACCOUNTS, type Posting } from './postings.js';
// As-of balances from the postings through balance checkpoints (projections/balance-checkpoints.ts).
export {
  CHECKPOINT_EVERY,
  refreshBalanceCheckpoints,
  balancesAsOf,
  accountBalancesAsOf,
  balanceTotalsAsOf,
  type AccountBalanceAsOf,
  type CheckpointRefresh,
} from './projections/balance-checkpoints.js';
export { userAccount } from './postings.js';
