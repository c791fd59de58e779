import { Migration } from '@mikro-orm/migrations';

/** Users, projects, file sets and their files. */
export class Migration20261123000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "users" ("id" uuid not null, "username" varchar(64) not null, "username_key" varchar(64) not null, "email" varchar(254) not null, "password_hash" varchar(255) not null, "first_name" varchar(100) null, "last_name" varchar(100) null, "role_id" int not null default 1, "theme" varchar(32) not null default 'web3', "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_username_key_unique" unique ("username_key");`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_created_at_index" on "users" ("created_at");`);
    this.addSql(
      `create table "projects" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(200) not null, "description" text null, "camera_type" varchar(64) not null, "status" varchar(32) not null default 'created', "created_at" timestamptz not null, "updated_at" timestamptz not null, "deleted_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "projects_owner_id_deleted_at_created_at_index" on "projects" ("owner_id", "deleted_at", "created_at");`);
    this.addSql(
      `create table "file_sets" ("id" uuid not null, "project_id" uuid not null, "base_name" varchar(255) not null, "position" int not null default 0, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "file_sets" add constraint "file_sets_project_id_base_name_unique" unique ("project_id", "base_name");`);
    this.addSql(
      `create table "media_files" ("id" uuid not null, "file_set_id" uuid not null, "filename" varchar(255) not null, "extension" varchar(16) not null, "kind" varchar(16) not null, "content_type" varchar(128) not null, "storage_key" varchar(255) not null, "size_bytes" bigint not null, "sha256" varchar(64) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "media_files_file_set_id_index" on "media_files" ("file_set_id");`);
    this.addSql(`alter table "projects" add constraint "projects_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`);
    this.addSql(
      `alter table "file_sets" add constraint "file_sets_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "media_files" add constraint "media_files_file_set_id_foreign" foreign key ("file_set_id") references "file_sets" ("id") on delete cascade;`,
    );
  }
}
