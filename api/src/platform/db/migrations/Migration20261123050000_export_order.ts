import { Migration } from '@mikro-orm/migrations';

/** Exports read a project's file sets in their order in keyset pages: (project, position, base name). */
export class Migration20261123050000_export_order extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "file_sets_project_id_position_base_name_index" on "file_sets" ("project_id", "position", "base_name");`);
  }
}
