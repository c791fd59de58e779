import { Migration } from '@mikro-orm/migrations';

/**
 * The per-credit price falls with volume (issue 16): the 1,000-credit Studio pack cost more per
 * credit ($0.085) than the 500-credit Professional ($0.075). Studio is now $70 ($0.07, Save 30%).
 * Purchase requests reference their package, so a pending Studio request now reads $70 too (the
 * lower price, in the buyer's favour); the credits it grants are unchanged.
 */
export class Migration20261123160100_credit_package_prices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`update "credit_packages" set "price_cents" = 7000 where "id" = '5f0c7a3e-1d2b-4c6a-9e8f-000000000003' and "price_cents" = 8500;`);
  }
}
