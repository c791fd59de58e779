import type pg from 'pg';
import { inTransaction } from './db.js';

/**
 * The ledger's tables, all prefixed `ledger_` so they sit beside the API's tables in one database.
 * Migrations are append-only like the events: a released step is never edited, a change is a new step.
 */
interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'events, postings, projections, idempotency keys',
    sql: `
      -- Sequence numbers are taken before the insert because they are part of the hashed content.
      CREATE SEQUENCE ledger_event_sequence AS bigint;

      CREATE TABLE ledger_events (
        id uuid PRIMARY KEY,
        sequence bigint NOT NULL UNIQUE,
        stream_id text NOT NULL,
        stream_version integer NOT NULL CHECK (stream_version >= 1),
        user_id text NOT NULL,
        type text NOT NULL,
        -- The signed change to the account's balance, in cents (0 for AccountOpened).
        amount bigint NOT NULL,
        actor_id text,
        reason text,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        hash text NOT NULL,
        prev_hash text,
        -- The expected-version check: two writers appending the same version clash here.
        CONSTRAINT ledger_events_stream_version_key UNIQUE (stream_id, stream_version)
      );
      CREATE INDEX ledger_events_user_sequence_idx ON ledger_events (user_id, sequence);
      CREATE INDEX ledger_events_type_sequence_idx ON ledger_events (type, sequence);
      CREATE INDEX ledger_events_created_at_idx ON ledger_events (created_at);
      -- Lets a charge or refund find the run it refers to without reading the whole stream.
      CREATE INDEX ledger_events_run_idx ON ledger_events (stream_id, (payload->>'runId'))
        WHERE type IN ('ProcessingCharged', 'ProcessingRefunded');

      CREATE TABLE ledger_postings (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        event_id uuid NOT NULL REFERENCES ledger_events (id),
        account text NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        created_at timestamptz NOT NULL
      );
      CREATE INDEX ledger_postings_event_idx ON ledger_postings (event_id);
      CREATE INDEX ledger_postings_account_idx ON ledger_postings (account);

      -- Balance projection, also the stream's head: the version it has applied is the version the
      -- next append expects, its hash is the next event's prev_hash, and its row is the lock that
      -- serialises spends on one account. (The head lives here rather than being joined from
      -- ledger_events because a row lock re-reads only the locked row, not what it was joined to.)
      CREATE TABLE ledger_account_balances (
        user_id text PRIMARY KEY,
        stream_id text NOT NULL UNIQUE,
        stream_version integer NOT NULL,
        stream_head_hash text NOT NULL,
        balance bigint NOT NULL CONSTRAINT ledger_account_balances_not_negative CHECK (balance >= 0),
        updated_at timestamptz NOT NULL
      );

      -- Transaction-history projection: one line per event that moves credits, keyed by that event.
      CREATE TABLE ledger_transactions (
        event_id uuid PRIMARY KEY REFERENCES ledger_events (id),
        sequence bigint NOT NULL,
        user_id text NOT NULL,
        created_at timestamptz NOT NULL,
        description text NOT NULL,
        amount bigint NOT NULL,
        balance_after bigint NOT NULL,
        transaction_type text NOT NULL
          CHECK (transaction_type IN ('credit', 'deduction', 'purchase', 'refund'))
      );
      CREATE INDEX ledger_transactions_user_sequence_idx ON ledger_transactions (user_id, sequence DESC);

      CREATE TABLE ledger_idempotency_keys (
        key text PRIMARY KEY,
        payload_hash text NOT NULL,
        -- The first answer, given again to every repeat; written in the same transaction as the events.
        answer jsonb,
        created_at timestamptz NOT NULL
      );

      CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% on % refused: the ledger is append-only', TG_OP, TG_TABLE_NAME
          USING ERRCODE = 'insufficient_privilege';
      END;
      $$;

      CREATE TRIGGER ledger_events_append_only BEFORE UPDATE OR DELETE ON ledger_events
        FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
      CREATE TRIGGER ledger_events_no_truncate BEFORE TRUNCATE ON ledger_events
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
      CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
        FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
      CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
        FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
    `,
  },
  {
    version: 2,
    name: 'row-count guard for combined writes',
    sql: `
      -- A batch's writes go in one statement (store/sql-statement.ts); when one of them touched fewer
      -- rows than planned (an account moved, a key was taken by another process), this fails the whole
      -- statement as a serialization failure, which the ledger retries on fresh state.
      CREATE FUNCTION ledger_expect_rows(actual bigint, expected bigint, part text) RETURNS bigint
        LANGUAGE plpgsql AS $$
      BEGIN
        IF actual <> expected THEN
          RAISE EXCEPTION 'ledger write %: % rows, expected %', part, actual, expected
            USING ERRCODE = 'serialization_failure';
        END IF;
        RETURN actual;
      END;
      $$;
    `,
  },
  {
    version: 3,
    name: 'balance checkpoints and as-of indexes',
    sql: `
      -- As-of reads walk one account's postings in (created_at, id) order from its latest checkpoint;
      -- the journal export pages all postings in the same order.
      CREATE INDEX ledger_postings_account_time_idx ON ledger_postings (account, created_at, id) INCLUDE (amount);
      CREATE INDEX ledger_postings_time_idx ON ledger_postings (created_at, id);

      -- A projection of the postings (projections/balance-checkpoints.ts): an account's balance and
      -- posting count through one posting, in (created_at, id) order, every N postings of the account.
      -- It covers only postings with id <= ledger_checkpoint_state.through_posting_id; rebuilt, not
      -- appended, when a posting arrives with an earlier time than a checkpoint (clock skew).
      CREATE TABLE ledger_balance_checkpoints (
        account text NOT NULL,
        created_at timestamptz NOT NULL,
        posting_id bigint NOT NULL,
        balance bigint NOT NULL,
        postings bigint NOT NULL,
        PRIMARY KEY (account, created_at, posting_id)
      );
      CREATE TABLE ledger_checkpoint_state (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        through_posting_id bigint NOT NULL
      );
      INSERT INTO ledger_checkpoint_state (through_posting_id) VALUES (0);
    `,
  },
  {
    version: 4,
    name: 'postings: drop the indexes no query reads',
    sql: `
      -- Every posting is written into each index of ledger_postings, inside the append's statement.
      -- (account) is the leading column of ledger_postings_account_time_idx, which answers every
      -- lookup it did. Nothing reads postings by event_id (the journal joins them to events through
      -- ledger_events' primary key) and events are never deleted, so the foreign key needs no index on
      -- this side. Postings keep three indexes, as before migration 3: id, (account, created_at, id)
      -- and (created_at, id).
      DROP INDEX IF EXISTS ledger_postings_account_idx;
      DROP INDEX IF EXISTS ledger_postings_event_idx;
    `,
  },
];

/** Arbitrary constant: the advisory lock that lets several processes start at once and migrate once. */
const MIGRATION_LOCK = 4_815_162_342;

export async function migrateLedger(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`
      CREATE TABLE IF NOT EXISTS ledger_schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const applied = await client.query<{ version: number }>('SELECT version FROM ledger_schema_migrations');
    const done = new Set(applied.rows.map((row) => row.version));
    for (const migration of MIGRATIONS) {
      if (done.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO ledger_schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
    }
  });
}

/** The tables a restricted role may only read and append to. */
export const APPEND_ONLY_TABLES = ['ledger_events', 'ledger_postings'] as const;
/** The tables the ledger rewrites as it works (projections and idempotency answers). */
export const PROJECTION_TABLES = [
  'ledger_account_balances',
  'ledger_transactions',
  'ledger_idempotency_keys',
  'ledger_balance_checkpoints',
  'ledger_checkpoint_state',
] as const;
