/**
 * `inTransaction(pool, async (client) => ...)`: one pooled connection, BEGIN, COMMIT when the work
 * returns, ROLLBACK when it throws, and a connection that cannot roll back is not returned to the
 * pool. The ledger's helper, so the repository has one.
 */
export { inTransaction } from '@shotlog/ledger';
