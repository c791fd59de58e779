import { Migration } from '@mikro-orm/migrations';

/** One file of each kind per set: a second video replaces the first, never sits beside it. */
export class Migration20261123030000_uploads extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media_files" add constraint "media_files_file_set_id_kind_unique" unique ("file_set_id", "kind");`);
  }
}
