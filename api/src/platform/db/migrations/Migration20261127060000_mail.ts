import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34 item 1: every e-mail the product sends is a row here before it is queued. `message_key`
 * makes a send idempotent (the same key twice is one message); the worker moves `status` from
 * queued to sending to sent (SMTP) or stored (no SMTP_URL: the admin outbox is the mailbox);
 * `last_error` keeps the SMTP server's answer of the last failed attempt for the administrators.
 */
export class Migration20261127060000_mail extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "mail_messages" (
      "id" uuid not null primary key,
      "message_key" varchar(200) not null unique,
      "kind" varchar(64) not null,
      "user_id" uuid null references "users" ("id") on delete set null,
      "to_address" varchar(254) not null,
      "subject" varchar(300) not null,
      "text_body" text not null,
      "html_body" text not null,
      "status" varchar(16) not null default 'queued' check ("status" in ('queued', 'sending', 'sent', 'stored', 'failed')),
      "attempts" int4 not null default 0,
      "last_error" text null,
      "created_at" timestamptz not null default now(),
      "sent_at" timestamptz null
    );`);
    this.addSql(`create index "mail_messages_created_at_index" on "mail_messages" ("created_at" desc);`);
    this.addSql(`create index "mail_messages_status_index" on "mail_messages" ("status") where "status" in ('queued', 'sending', 'failed');`);
  }
}
