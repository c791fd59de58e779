import { Migration } from '@mikro-orm/migrations';

/** Issue 30 item 4: the files of a card still to send (uploads/upload-plan-file.entity.ts), so an interrupted upload is known after a reload. */
export class Migration20261127020000_upload_plans extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "upload_plan_files" ("id" uuid not null, "project_id" uuid not null, "filename" varchar(255) not null, "base_name" varchar(255) not null, "size_bytes" bigint not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "upload_plan_files" add constraint "upload_plan_files_project_id_filename_unique" unique ("project_id", "filename");`);
    this.addSql(
      `alter table "upload_plan_files" add constraint "upload_plan_files_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete cascade;`,
    );
  }
}
