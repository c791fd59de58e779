import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31: saved keyword rule presets per account; a version per result that every change of its
 * `current` bumps (an edit, a bulk action, an undo, a reset, processing), whoever writes it, so a
 * save made on an older version is refused instead of overwriting a bulk action.
 */
export class Migration20261127030000_rule_presets_and_result_versions extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "keyword_rule_presets" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(100) not null, "rules" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "keyword_rule_presets" add constraint "keyword_rule_presets_owner_id_name_unique" unique ("owner_id", "name");`);
    this.addSql(
      `alter table "keyword_rule_presets" add constraint "keyword_rule_presets_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "file_set_results" add column "version" int not null default 1;`);
    this.addSql(`create or replace function file_set_results_bump_version() returns trigger language plpgsql as $$
      begin
        new.version := old.version + 1;
        return new;
      end $$;`);
    this.addSql(`create trigger "file_set_results_version" before update on "file_set_results" for each row
      when (old."current" is distinct from new."current") execute function file_set_results_bump_version();`);
  }
}
