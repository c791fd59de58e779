import { Migration } from '@mikro-orm/migrations';

/** Password change ends other sessions (users.session_version) and one-time reset links (auth/password-reset.entity.ts). */
export class Migration20261123160000_password_resets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" add column "session_version" int not null default 0;`);
    this.addSql(
      `create table "password_resets" ("id" uuid not null, "user_id" uuid not null, "issued_by_id" uuid null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "password_resets" add constraint "password_resets_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "password_resets_user_id_created_at_index" on "password_resets" ("user_id", "created_at");`);
    this.addSql(
      `alter table "password_resets" add constraint "password_resets_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "password_resets" add constraint "password_resets_issued_by_id_foreign" foreign key ("issued_by_id") references "users" ("id") on delete set null;`,
    );
  }
}
