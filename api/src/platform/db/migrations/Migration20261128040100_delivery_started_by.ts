import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 item 5: who started a delivery, the project's owner or an administrator acting for
 * them. Earlier deliveries were all started by their owner (`user_id`).
 */
export class Migration20261128040100_delivery_started_by extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "deliveries" add column "started_by" uuid null references "users" ("id") on delete set null;`);
    this.addSql(`update "deliveries" set "started_by" = "user_id";`);
  }
}
