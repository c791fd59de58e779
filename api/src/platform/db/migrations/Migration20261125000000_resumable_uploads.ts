import { Migration } from '@mikro-orm/migrations';

/** tus uploads (resumable-uploads/resumable-upload.entity.ts): ownership, expiry and outcome of each. */
export class Migration20261125000000_resumable_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "resumable_uploads" ("id" varchar(64) not null, "user_id" uuid not null, "project_id" uuid not null, "filename" varchar(255) not null, "base_name" varchar(255) not null, "kind" varchar(16) not null, "size_bytes" bigint not null, "status" varchar(16) not null, "reason" text null, "file_set_id" uuid null, "sha256" varchar(64) null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "resumable_uploads_project_id_status_index" on "resumable_uploads" ("project_id", "status");`);
    this.addSql(`create index "resumable_uploads_unfinished_expires_at_index" on "resumable_uploads" ("expires_at") where "status" = 'uploading';`);
    this.addSql(
      `alter table "resumable_uploads" add constraint "resumable_uploads_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "resumable_uploads" add constraint "resumable_uploads_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete cascade;`,
    );
  }
}
