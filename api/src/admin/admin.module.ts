import type { Ledger } from '@shotlog/ledger';
import { defineModule, handlers, services } from '../kernel/feature-module.js';
import type { Config } from '../config/config.js';
import type { Logger } from '../logging/logger.js';
import type { QueueBackend } from '../queue/queue-backend.js';
import type { RouteAuth } from '../auth/signed-in-routes.js';
import type { AuthService } from '../auth/auth.service.js';
import type { UsersService } from '../users/users.service.js';
import type { CreditsService } from '../credits/credits.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import { AdminService } from './admin.service.js';
import { AdminResolver } from './admin.resolver.js';
import { LedgerEventResolver } from './ledger-event.resolver.js';
import { AdminQueueResolver } from './admin-queue.resolver.js';
import { adminRoutes } from './admin.routes.js';
import { adminQueueRoutes } from './admin-queue.routes.js';

/** What the administrators' resolvers and routes use. */
export interface AdminDeps extends RouteAuth {
  admin: AdminService;
  auth: Pick<AuthService, 'authenticate' | 'issuePasswordReset'>;
  settings: Pick<SettingsService, 'all'>;
  /** Names in the ledger explorer. */
  users: Pick<UsersService, 'summaries'>;
  queue: QueueBackend;
  logger: Logger;
  config: Pick<Config, 'publicUrl'>;
}

export interface AdminNeeds {
  users: UsersService;
  credits: CreditsService;
  settings: SettingsService;
  ledger: Ledger;
}

/** Administration (roleId 2): users and their credits, the markup, the ledger explorer and audits, the job queues. */
export const adminModule = defineModule({
  name: 'admin',
  services: services({ users: true, credits: true, settings: true, ledger: true }, (d: AdminNeeds) => ({
    admin: new AdminService(d.users, d.credits, d.settings, d.ledger),
  })),
  handlers: handlers<AdminDeps>(
    { admin: true, auth: true, settings: true, users: true, queue: true, logger: true, config: true },
    {
      resolvers: [AdminResolver, LedgerEventResolver, AdminQueueResolver],
      // The queue routes read no body (the JSON parser of the first mount runs for /api/admin anyway).
      routes: [
        { path: '/api/admin', json: true, router: adminRoutes },
        { path: '/api/admin', router: adminQueueRoutes },
      ],
    },
  ),
});
