import type { Ledger } from '@shotlog/ledger';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { AuthService } from '../auth/auth.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { CreditsService } from './credits.service.js';
import { CreditsResolver } from './credits.resolver.js';
import { transactionRoutes } from './credits.routes.js';

/** What the credit history resolver and route use. */
export interface CreditsDeps extends RouteAuth {
  credits: Pick<CreditsService, 'transactions' | 'transactionsBefore'>;
}

export interface CreditsNeeds {
  ledger: Ledger;
  settings: SettingsService;
  auth: Pick<AuthService, 'onRegistered'>;
}

/** Credits: balances, the history, the cost of processing, and every account's ledger stream. */
export const creditsModule = defineModule({
  name: 'credits',
  services: services({ ledger: true, settings: true, auth: true }, (d: CreditsNeeds) => {
    const credits = new CreditsService(d.ledger, d.settings);
    // Every new account gets its ledger stream and the sign-up bonus.
    d.auth.onRegistered((user) => credits.onboard(user.id));
    return { credits };
  }),
  handlers: handlers<CreditsDeps>(
    { auth: true, credits: true },
    { resolvers: [CreditsResolver], routes: [{ path: '/api/user', json: true, router: transactionRoutes }] },
  ),
});
