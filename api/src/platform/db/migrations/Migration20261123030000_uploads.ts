import { Migration } from '@mikro-orm/migrations';

/**
 * One file of each kind per set: a second video replaces the first, never sits beside it.
 * Stored bytes outlive their rows by a moment: every deleted media_files row (a replacement, or a
 * cascade from a project or user deleted for good) leaves its storage key in a tombstone table,
 * which the file-set service sweeps to remove the bytes.
 */
export class Migration20261123030000_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media_files" add constraint "media_files_file_set_id_kind_unique" unique ("file_set_id", "kind");`);
    this.addSql(
      `create table "deleted_media_files" ("storage_key" varchar(255) not null, "deleted_at" timestamptz not null default now(), primary key ("storage_key"));`,
    );
    this.addSql(`create function "media_files_tombstone"() returns trigger language plpgsql as $$
begin
  insert into "deleted_media_files" ("storage_key") values (old."storage_key") on conflict do nothing;
  return old;
end $$;`);
    this.addSql(`create trigger "media_files_tombstone" after delete on "media_files" for each row execute function "media_files_tombstone"();`);
  }
}
