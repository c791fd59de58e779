import { Migration20261123000000_initial } from './Migration20261123000000_initial.js';
import { Migration20261123010000_credits } from './Migration20261123010000_credits.js';
import { Migration20261123020000_results } from './Migration20261123020000_results.js';
import { Migration20261123030000_uploads } from './Migration20261123030000_uploads.js';
import { Migration20261123040000_processing } from './Migration20261123040000_processing.js';
import { Migration20261123050000_export_order } from './Migration20261123050000_export_order.js';
import { Migration20261123060000_integrators } from './Migration20261123060000_integrators.js';
import { Migration20261123070000_auth_rate_limits } from './Migration20261123070000_auth_rate_limits.js';
import { Migration20261123160000_password_resets } from './Migration20261123160000_password_resets.js';
import { Migration20261123160100_credit_package_prices } from './Migration20261123160100_credit_package_prices.js';
import { Migration20261125000000_resumable_uploads } from './Migration20261125000000_resumable_uploads.js';
import { Migration20261125170000_review } from './Migration20261125170000_review.js';
import { Migration20261126160000_delivery_secret_and_pause } from './Migration20261126160000_delivery_secret_and_pause.js';
import { Migration20261127010000_card_sets } from './Migration20261127010000_card_sets.js';
import { Migration20261125200000_sets_as_complete } from './Migration20261125200000_sets_as_complete.js';
import { Migration20261125180000_delivery } from './Migration20261125180000_delivery.js';
import { Migration20261126140000_username_skeletons } from './Migration20261126140000_username_skeletons.js';
import { Migration20261126150000_set_charges } from './Migration20261126150000_set_charges.js';

/** Every migration, in order. A new migration file is added here (no folder scanning). */
export const migrationsList = [
  { name: 'Migration20261123000000_initial', class: Migration20261123000000_initial },
  { name: 'Migration20261123010000_credits', class: Migration20261123010000_credits },
  { name: 'Migration20261123020000_results', class: Migration20261123020000_results },
  { name: 'Migration20261123030000_uploads', class: Migration20261123030000_uploads },
  { name: 'Migration20261123040000_processing', class: Migration20261123040000_processing },
  { name: 'Migration20261123050000_export_order', class: Migration20261123050000_export_order },
  { name: 'Migration20261123060000_integrators', class: Migration20261123060000_integrators },
  { name: 'Migration20261123070000_auth_rate_limits', class: Migration20261123070000_auth_rate_limits },
  { name: 'Migration20261123160000_password_resets', class: Migration20261123160000_password_resets },
  { name: 'Migration20261123160100_credit_package_prices', class: Migration20261123160100_credit_package_prices },
  { name: 'Migration20261125000000_resumable_uploads', class: Migration20261125000000_resumable_uploads },
  { name: 'Migration20261125170000_review', class: Migration20261125170000_review },
  { name: 'Migration20261125180000_delivery', class: Migration20261125180000_delivery },
  { name: 'Migration20261125200000_sets_as_complete', class: Migration20261125200000_sets_as_complete },
  { name: 'Migration20261126140000_username_skeletons', class: Migration20261126140000_username_skeletons },
  { name: 'Migration20261126150000_set_charges', class: Migration20261126150000_set_charges },
  { name: 'Migration20261126160000_delivery_secret_and_pause', class: Migration20261126160000_delivery_secret_and_pause },
  { name: 'Migration20261127010000_card_sets', class: Migration20261127010000_card_sets },
];
