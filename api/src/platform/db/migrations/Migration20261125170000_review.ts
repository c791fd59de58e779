import { Migration } from '@mikro-orm/migrations';

/** Issue 20: per-project keyword rules, and the project edit history of bulk actions (for undo). */
export class Migration20261125170000_review extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "project_keyword_rules" ("id" uuid not null, "project_id" uuid not null, "always_include" jsonb not null, "never_include" jsonb not null, "synonyms" jsonb not null, "max_per_agency" jsonb not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "project_keyword_rules" add constraint "project_keyword_rules_project_id_unique" unique ("project_id");`);
    this.addSql(
      `alter table "project_keyword_rules" add constraint "project_keyword_rules_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "project_edit_actions" ("id" uuid not null, "project_id" uuid not null, "user_id" uuid not null, "action" varchar(40) not null, "params" jsonb not null, "changed_count" int not null, "created_at" timestamptz not null, "undone_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "project_edit_actions_project_id_created_at_index" on "project_edit_actions" ("project_id", "created_at");`);
    this.addSql(
      `alter table "project_edit_actions" add constraint "project_edit_actions_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "project_edit_actions" add constraint "project_edit_actions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "project_edit_changes" ("id" uuid not null, "edit_action_id" uuid not null, "file_set_id" uuid not null, "before" jsonb not null, "after" jsonb not null, "edited_at_before" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "project_edit_changes_edit_action_id_index" on "project_edit_changes" ("edit_action_id");`);
    this.addSql(`create index "project_edit_changes_file_set_id_index" on "project_edit_changes" ("file_set_id");`);
    this.addSql(
      `alter table "project_edit_changes" add constraint "project_edit_changes_edit_action_id_foreign" foreign key ("edit_action_id") references "project_edit_actions" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "project_edit_changes" add constraint "project_edit_changes_file_set_id_foreign" foreign key ("file_set_id") references "file_sets" ("id") on delete cascade;`,
    );
  }
}
