import { Migration } from '@mikro-orm/migrations';

/** Personal API tokens (hash only) and idempotency keys for scripted writes. */
export class Migration20261123060000_integrators extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "api_tokens" ("id" uuid not null, "user_id" uuid not null, "name" varchar(100) not null, "scope_list" varchar(64) not null, "prefix" varchar(16) not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "api_tokens_user_id_created_at_index" on "api_tokens" ("user_id", "created_at");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(
      `create table "idempotency_keys" ("user_id" uuid not null, "key" varchar(200) not null, "operation" varchar(100) not null, "fingerprint" varchar(64) not null, "state" varchar(16) not null, "answer" jsonb null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("user_id", "key"));`,
    );
    this.addSql(
      `alter table "idempotency_keys" add constraint "idempotency_keys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`create index "idempotency_keys_expires_at_index" on "idempotency_keys" ("expires_at");`);
  }
}
