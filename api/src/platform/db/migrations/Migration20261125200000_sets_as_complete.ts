import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18 item 6, "Process each set as soon as it is complete": a run that takes sets while the card
 * is still uploading. `accepting_sets` is true until the client (or the idle sweep) says no more sets
 * will come, and the run cannot finish before; such a run is charged per set (`charged_per_set`, the
 * ledger key is run + set) and each failed set is refunded on its own (`refund_posted_at` per job).
 */
export class Migration20261125200000_sets_as_complete extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "processing_runs" add column "accepting_sets" boolean not null default false;`);
    this.addSql(`alter table "processing_runs" add column "charged_per_set" boolean not null default false;`);
    this.addSql(`alter table "processing_runs" add column "intake_stopped_reason" varchar(255) null;`);
    this.addSql(`alter table "processing_jobs" add column "refund_posted_at" timestamptz null;`);
  }
}
