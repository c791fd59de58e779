import { Migration } from '@mikro-orm/migrations';

/** Delivery to the agencies' upload servers (api/src/features/delivery, issue 19). */
export class Migration20261125180000_delivery extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "delivery_connections" ("id" uuid not null, "user_id" uuid not null, "name" varchar(100) not null, "agency" varchar(16) not null, "protocol" varchar(8) not null, "host" varchar(255) not null, "port" int not null, "username" varchar(255) not null, "secret_kind" varchar(16) not null, "secret_sealed" text not null, "remote_folder" varchar(1024) not null, "host_key" varchar(128) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "delivery_connections_user_id_created_at_index" on "delivery_connections" ("user_id", "created_at");`);
    this.addSql(
      `alter table "delivery_connections" add constraint "delivery_connections_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `create table "deliveries" ("id" uuid not null, "project_id" uuid not null, "user_id" uuid not null, "override" boolean not null default false, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "deliveries_project_id_created_at_index" on "deliveries" ("project_id", "created_at");`);
    this.addSql(
      `alter table "deliveries" add constraint "deliveries_project_id_foreign" foreign key ("project_id") references "projects" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "deliveries" add constraint "deliveries_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`);
    this.addSql(
      `create table "delivery_items" ("id" uuid not null, "delivery_id" uuid not null, "connection_id" uuid not null, "media_file_id" uuid not null, "file_set_id" uuid not null, "filename" varchar(255) not null, "storage_key" varchar(255) not null, "remote_path" varchar(1300) not null, "size_bytes" bigint not null, "sha256" varchar(64) not null, "status" varchar(16) not null default 'queued', "bytes_sent" bigint not null default 0, "bytes_per_second" double precision not null default 0, "attempts" int not null default 0, "message" text null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "delivery_items" add constraint "delivery_items_delivery_id_connection_id_media_file_id_unique" unique ("delivery_id", "connection_id", "media_file_id");`,
    );
    this.addSql(
      `create index "delivery_items_connection_id_remote_path_sha256_status_index" on "delivery_items" ("connection_id", "remote_path", "sha256", "status");`,
    );
    this.addSql(
      `alter table "delivery_items" add constraint "delivery_items_delivery_id_foreign" foreign key ("delivery_id") references "deliveries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "delivery_items" add constraint "delivery_items_connection_id_foreign" foreign key ("connection_id") references "delivery_connections" ("id") on delete cascade;`,
    );
  }
}
