import type { RouteAuth } from '../auth/signed-in-routes.js';
import { defineModule, handlers, services, step } from '../kernel/feature-module.js';
import { DeliveryConnection, Delivery, DeliveryItem } from './delivery.entities.js';
import { DeliveryService, type DeliveryServiceDeps } from './delivery.service.js';
import { DeliveryResolver } from './delivery.resolver.js';
import { deliveryRoutes } from './delivery.routes.js';
import { registerDeliverySubscription } from './delivery-subscription.js';
import { DeliveryWorker, type DeliveryWorkerDeps } from './delivery-worker.js';

/** What the delivery resolver and routes use. */
export interface DeliveryDeps extends RouteAuth {
  delivery: DeliveryService;
}

/** Delivery (issue 19): agency connections, files sent to the agencies' FTP/FTPS/SFTP servers, their status. */
export const deliveryModule = defineModule({
  name: 'delivery',
  entities: [DeliveryConnection, Delivery, DeliveryItem],
  services: services({ config: true, logger: true, pool: true, queue: true, projects: true, exports: true }, (d: DeliveryServiceDeps) => ({
    delivery: new DeliveryService(d),
  })),
  handlers: handlers<DeliveryDeps>(
    { auth: true, delivery: true },
    {
      resolvers: [DeliveryResolver],
      routes: [{ path: '/api/delivery', json: true, router: deliveryRoutes }],
      onSchema: (schema, deps) => registerDeliverySubscription(schema, deps.delivery),
    },
  ),
  worker: step({ config: true, logger: true, pool: true, queue: true, storage: true, delivery: true }, (d: DeliveryWorkerDeps) =>
    new DeliveryWorker(d).start(),
  ),
});
