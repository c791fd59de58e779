import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 item 6: a job holding a logged-in session sends the next queued files of its connection
 * too. `claimed_by` names the job (its item's id) whose session is sending a file, so the file's own
 * job leaves it alone and a retried holder takes its files back. The partial index finds a
 * connection's queued files.
 */
export class Migration20261128040000_delivery_item_claims extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "delivery_items" add column "claimed_by" uuid null;`);
    this.addSql(`create index "delivery_items_queued_by_connection_index" on "delivery_items" ("connection_id", "updated_at") where "status" = 'queued';`);
  }
}
