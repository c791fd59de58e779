import type pg from 'pg';
import { LedgerError } from '../errors.js';
import { inTransaction } from './db.js';
import { APPEND_ONLY_TABLES } from './schema.js';

const ROLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * For deployments that run the application under its own database role: lets the role use the ledger
 * (read and append events and postings, maintain projections and idempotency answers) while the
 * database itself refuses it any UPDATE, DELETE or TRUNCATE of events and postings. The trigger
 * refuses those too; the grant is the second lock, and it also covers roles that could drop triggers.
 */
export async function restrictLedgerRole(pool: pg.Pool, roleName: string): Promise<void> {
  if (!ROLE_NAME.test(roleName)) {
    throw new LedgerError('VALIDATION', 'A role name is letters, digits and underscores, starting with a letter');
  }
  const role = `"${roleName}"`;
  const appendOnly = APPEND_ONLY_TABLES.join(', ');
  await inTransaction(pool, async (client) => {
    await client.query(`REVOKE ALL ON ${appendOnly} FROM ${role}`);
    await client.query(`GRANT SELECT, INSERT ON ${appendOnly} TO ${role}`);
    await client.query(`REVOKE ALL ON ledger_transactions FROM ${role}`);
    await client.query(`GRANT SELECT, INSERT ON ledger_transactions TO ${role}`);
    // The balance row is locked FOR UPDATE and rewritten; idempotency keys get their answer written.
    await client.query(`GRANT SELECT, INSERT, UPDATE ON ledger_account_balances, ledger_idempotency_keys TO ${role}`);
    // Balance checkpoints are a rebuildable projection: rows are replaced when a late posting arrives.
    await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ledger_balance_checkpoints, ledger_checkpoint_state TO ${role}`);
    await client.query(`GRANT SELECT ON ledger_schema_migrations TO ${role}`);
    await client.query(`GRANT USAGE ON SEQUENCE ledger_event_sequence TO ${role}`);
  });
}
