import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33. What Shotlog put on each server, by content: `delivery_remote_files` records, per
 * connection, place (protocol://host:port/folder) and remote name, the SHA-256 and size of what
 * Shotlog last put under that name (renamed into place, the size and any checksum confirmed) and of
 * the upload it began (`pending_*`, under `temp_name`) that a later attempt may resume. Files sent
 * before this migration are recorded from their sent items. Per connection: whether a file Shotlog did not send may be replaced,
 * whether a missing remote folder may be created, how many sessions (and files at once) it uses,
 * what it receives and, for "Other server", which agency's rules check it. Items record where they
 * went and what the server confirmed; a "send again" item (`force`) is sent even when the same content
 * is already there, in a delivery that names the one it repeats (`resend_of`).
 */
export class Migration20261127050000_delivery_content_identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "delivery_connections" add column "allow_overwrite" boolean not null default false;`);
    this.addSql(`alter table "delivery_connections" add column "create_folder" boolean not null default true;`);
    this.addSql(`alter table "delivery_connections" add column "max_sessions" int not null default 2;`);
    this.addSql(`alter table "delivery_connections" add column "receives" text[] null;`);
    this.addSql(`alter table "delivery_connections" add column "check_rules" varchar(16) null;`);
    this.addSql(`alter table "delivery_items" add column "remote_place" varchar(1400) not null default '';`);
    this.addSql(`alter table "delivery_items" add column "remote_size" bigint null;`);
    this.addSql(`alter table "delivery_items" add column "remote_checksum" varchar(200) null;`);
    this.addSql(`alter table "delivery_items" add column "force" boolean not null default false;`);
    this.addSql(`alter table "deliveries" add column "resend_of" uuid null;`);
    this.addSql(
      `create table "delivery_remote_files" ("connection_id" uuid not null, "place" varchar(1400) not null, "remote_name" varchar(255) not null, "sha256" varchar(64) null, "size_bytes" bigint null, "pending_sha256" varchar(64) null, "pending_size" bigint null, "temp_name" varchar(320) null, "remote_checksum" varchar(200) null, "updated_at" timestamptz not null, primary key ("connection_id", "place", "remote_name"));`,
    );
    this.addSql(
      `alter table "delivery_remote_files" add constraint "delivery_remote_files_connection_id_foreign" foreign key ("connection_id") references "delivery_connections" ("id") on delete cascade;`,
    );
    this.addSql(
      `insert into "delivery_remote_files" ("connection_id", "place", "remote_name", "sha256", "size_bytes", "updated_at")
       select distinct on (i.connection_id, i.remote_path) i.connection_id, c.protocol || '://' || c.host || ':' || c.port || c.remote_folder, i.remote_path, i.sha256, i.size_bytes, i.updated_at
         from "delivery_items" i join "delivery_connections" c on c.id = i.connection_id
        where i.status = 'sent' order by i.connection_id, i.remote_path, i.updated_at desc;`,
    );
  }
}
