import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30 items 1-3 (a DJI card as the drone writes it). `media_files.from_video`: the set's JPG is
 * a still Shotlog took from its video (an uploaded JPG replaces it). `file_sets.still_problem`: why
 * no still could be taken (the video does not decode). `file_sets.without_telemetry`: the user chose
 * to process a clip that has no .SRT from its pictures alone. `file_sets.left_out`: the user left a
 * set (a photo) out of processing.
 */
export class Migration20261127010000_card_sets extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "media_files" add column "from_video" boolean not null default false;`);
    this.addSql(`alter table "file_sets" add column "still_problem" varchar(500) null;`);
    this.addSql(`alter table "file_sets" add column "without_telemetry" boolean not null default false;`);
    this.addSql(`alter table "file_sets" add column "left_out" boolean not null default false;`);
  }
}
