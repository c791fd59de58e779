import { Migration } from '@mikro-orm/migrations';

/** Login and sign-up attempt counters, shared by every API process (auth/rate-limit.ts). */
export class Migration20261123070000_auth_rate_limits extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "auth_attempts" ("key" text not null, "window_start" timestamptz not null, "count" integer not null, primary key ("key", "window_start"));`,
    );
    this.addSql(`create index "auth_attempts_window_start_index" on "auth_attempts" ("window_start");`);
  }
}
