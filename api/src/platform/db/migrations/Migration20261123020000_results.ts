import { Migration } from '@mikro-orm/migrations';

/** Processed results per file set: the pipeline's original and the user's current version. */
export class Migration20261123020000_results extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "file_set_results" ("id" uuid not null, "file_set_id" uuid not null, "original" jsonb not null, "current" jsonb not null, "analysis" jsonb null, "provider" varchar(32) not null, "edited_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "file_set_results" add constraint "file_set_results_file_set_id_unique" unique ("file_set_id");`);
    this.addSql(
      `alter table "file_set_results" add constraint "file_set_results_file_set_id_foreign" foreign key ("file_set_id") references "file_sets" ("id") on delete cascade;`,
    );
  }
}
