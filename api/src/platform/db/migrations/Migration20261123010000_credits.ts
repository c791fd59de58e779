import { Migration } from '@mikro-orm/migrations';

/** Settings, credit packages (seeded) and purchase requests. The ledger has its own tables (ledger/). */
export class Migration20261123010000_credits extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "settings" ("key" varchar(64) not null, "value" text not null, "updated_at" timestamptz not null, "updated_by" uuid null, primary key ("key"));`,
    );
    this.addSql(
      `create table "credit_packages" ("id" uuid not null, "name" varchar(100) not null, "credits_cents" int not null, "price_cents" int not null, "description" text not null, "position" int not null, "active" boolean not null default true, primary key ("id"));`,
    );
    this.addSql(
      `create table "purchase_requests" ("id" uuid not null, "user_id" uuid not null, "credit_package_id" uuid not null, "status" varchar(16) not null default 'pending', "created_at" timestamptz not null, "decided_at" timestamptz null, "decided_by" uuid null, "admin_notes" text null, "payment_proof" text null, "idempotency_key" varchar(200) null, primary key ("id"));`,
    );
    this.addSql(`create index "purchase_requests_user_id_index" on "purchase_requests" ("user_id");`);
    this.addSql(`create index "purchase_requests_status_created_at_index" on "purchase_requests" ("status", "created_at");`);
    this.addSql(`alter table "purchase_requests" add constraint "purchase_requests_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(
      `alter table "purchase_requests" add constraint "purchase_requests_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "purchase_requests" add constraint "purchase_requests_credit_package_id_foreign" foreign key ("credit_package_id") references "credit_packages" ("id");`,
    );
    this.addSql(`alter table "purchase_requests" add constraint "purchase_requests_status_check" check ("status" in ('pending', 'approved', 'rejected'));`);
    // Prices against the 0.10 per credit reference: Save 10%, 25% (best value, second), 15%.
    this.addSql(`insert into "credit_packages" ("id", "name", "credits_cents", "price_cents", "description", "position") values
      ('5f0c7a3e-1d2b-4c6a-9e8f-000000000001', 'Starter', 10000, 900, 'For a first shoot: about 3,300 file sets at the default cost.', 1),
      ('5f0c7a3e-1d2b-4c6a-9e8f-000000000002', 'Professional', 50000, 3750, 'For working creators who upload every week.', 2),
      ('5f0c7a3e-1d2b-4c6a-9e8f-000000000003', 'Studio', 100000, 8500, 'For production houses with a steady flow of footage.', 3);`);
  }
}
