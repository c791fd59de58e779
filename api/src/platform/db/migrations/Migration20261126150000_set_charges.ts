import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28 finding 8: a run charged set by set charges each set the step of round(k x cost), so sets
 * cost 0.02 or 0.03 alike at 0.0266; the job records what its set was charged (null in runs charged
 * once), which is what a failed set gets back and what the run's closing refund is spread over.
 */
export class Migration20261126150000_set_charges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "processing_jobs" add column "charged_cents" int null;`);
  }
}
