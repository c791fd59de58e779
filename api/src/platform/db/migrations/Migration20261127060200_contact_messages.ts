import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34 item 4: the contact form's messages, kept for the administrators' inbox (read/unread,
 * replied) instead of being dropped.
 */
export class Migration20261127060200_contact_messages extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "contact_messages" (
      "id" uuid not null primary key,
      "name" varchar(100) not null,
      "email" varchar(254) not null,
      "message" text not null,
      "user_id" uuid null references "users" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      "read_at" timestamptz null,
      "replied_at" timestamptz null,
      "reply" text null
    );`);
    this.addSql(`create index "contact_messages_created_at_index" on "contact_messages" ("created_at" desc);`);
  }
}
