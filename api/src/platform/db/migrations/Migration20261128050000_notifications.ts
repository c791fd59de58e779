import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34 item 5: which notification e-mails each user turned off (one row per user who changed
 * anything; no row: every kind on, the default low-credit threshold), and the one-click unsubscribe
 * link a notification e-mail carries in its List-Unsubscribe header; the in-app list reads a user's newest.
 */
export class Migration20261128050000_notifications extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "notification_settings" (
      "user_id" uuid not null primary key references "users" ("id") on delete cascade,
      "off_kinds" text[] not null default '{}',
      "low_credits_cents" int not null default 1000,
      "unsubscribe_key" varchar(64) not null,
      "updated_at" timestamptz not null default now()
    );`);
    this.addSql(`alter table "mail_messages" add column "unsubscribe_url" text null;`);
    // The in-app list: a user's newest notifications.
    this.addSql(`create index "mail_messages_user_created_index" on "mail_messages" ("user_id", "created_at" desc) where "user_id" is not null;`);
  }
}
