import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 34 item 3: a purchase request gets a short human reference (`SL-7K3Q9`: five characters
 * without 0/O, 1/I/L) that the buyer puts on the transfer and every screen shows instead of the
 * UUID. Existing requests get one from their id's hash (letters mapped into the same alphabet).
 */
export class Migration20261127060100_purchase_references extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "purchase_requests" add column "reference" varchar(16) null;`);
    this.addSql(`update "purchase_requests" set "reference" = 'SL-' || (
      select string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', (get_byte(decode(md5("id"::text), 'hex'), i) % 31) + 1, 1), '' order by i)
      from generate_series(0, 4) as i);`);
    this.addSql(`alter table "purchase_requests" alter column "reference" set not null;`);
    this.addSql(`alter table "purchase_requests" add constraint "purchase_requests_reference_unique" unique ("reference");`);
  }
}
