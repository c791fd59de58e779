import { defineModule, services } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import { AccountQuotas } from './account-quotas.js';

/** Per-account quotas (projects, pending purchase requests, stored bytes); the writing features check them. */
export const quotasModule = defineModule({
  name: 'quotas',
  services: services({ config: true }, (d: { config: Pick<Config, 'quotas'> }) => ({ quotas: new AccountQuotas(d.config.quotas) })),
});
