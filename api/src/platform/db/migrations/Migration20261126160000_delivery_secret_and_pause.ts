import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 28 findings 5 and 7. A connection's secret is dropped when where or how it is sent changes
 * (`secret_sealed` null, `secret_missing_reason` says why); the last test's outcome is kept (Deliver
 * asks for a confirmation after a failed one); the first login refusal pauses the connection
 * (`paused_at`, `paused_reason`) and its items (status `paused`) until it is fixed and resumed.
 */
export class Migration20261126160000_delivery_secret_and_pause extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "delivery_connections" alter column "secret_sealed" drop not null;`);
    this.addSql(`alter table "delivery_connections" add column "secret_missing_reason" varchar(255) null;`);
    this.addSql(`alter table "delivery_connections" add column "last_test_ok" boolean null;`);
    this.addSql(`alter table "delivery_connections" add column "last_test_message" text null;`);
    this.addSql(`alter table "delivery_connections" add column "last_test_at" timestamptz null;`);
    this.addSql(`alter table "delivery_connections" add column "paused_at" timestamptz null;`);
    this.addSql(`alter table "delivery_connections" add column "paused_reason" varchar(255) null;`);
  }
}
