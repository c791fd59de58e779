import { Migration } from '@mikro-orm/migrations';
import { usernameSkeleton } from '../../../features/users/confusables.js';

/**
 * Issue 28, finding 8: look-alike user names. Every account gets its name's TR39 skeleton
 * (users/confusables.ts), unique, so "admіn" (Cyrillic і) cannot be registered beside "admin".
 * Accounts that already look like an earlier one keep their name and no skeleton (the earliest
 * holds it). A later change of the skeleton table needs a migration that recomputes the column.
 */
export class Migration20261126140000_username_skeletons extends Migration {
  override async up(): Promise<void> {
    await this.execute(`alter table "users" add column "username_skeleton" text null;`);
    const users = (await this.execute(`select id, username from "users" order by created_at, id`)) as Array<{ id: string; username: string }>;
    const seen = new Set<string>();
    const rows: Array<{ id: string; s: string }> = [];
    for (const u of users) {
      const s = usernameSkeleton(u.username);
      if (seen.has(s)) continue;
      seen.add(s);
      rows.push({ id: u.id, s });
    }
    if (rows.length)
      await this.execute(`update "users" u set "username_skeleton" = v.s from json_to_recordset(?::json) as v(id uuid, s text) where u.id = v.id`, [
        JSON.stringify(rows),
      ]);
    await this.execute(`alter table "users" add constraint "users_username_skeleton_unique" unique ("username_skeleton");`);
  }
}
