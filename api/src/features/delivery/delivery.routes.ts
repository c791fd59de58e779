import { Router } from 'express';
import { jsonBody } from '../../platform/http/route.js';
import { adminOnly, authed, type RouteAuth } from '../../platform/principal/signed-in-routes.js';
import type { DeliveryService } from './delivery.service.js';
import { badInput } from '../../platform/errors/app-error.js';
import { recordCsv } from './delivery-record.js';

/** What /api/delivery is built with (app/http-app.ts). */
export interface DeliveryRoutesDeps extends RouteAuth {
  delivery: DeliveryService;
}

/**
 * /api/delivery: agency connections, their test, deliveries and their status (the REST twin of the
 * GraphQL fields); /api/delivery/admin/...: an administrator starting a delivery for an owner.
 */
export function deliveryRoutes(services: DeliveryRoutesDeps): Router {
  const r = Router();
  const { delivery } = services;
  r.get(
    '/agencies',
    authed(services, async () => ({ agencies: delivery.agencies() })),
  );
  r.get(
    '/connections',
    authed(services, async (_req, user) => ({ connections: await delivery.listConnections(user) })),
  );
  r.post(
    '/connections',
    authed(services, async (req, user) => ({ message: 'Connection saved', connection: await delivery.createConnection(user, jsonBody(req)) }), 201),
  );
  r.get(
    '/connections/:id',
    authed(services, async (req, user) => ({ connection: await delivery.getConnection(user, req.params.id) })),
  );
  r.patch(
    '/connections/:id',
    authed(services, async (req, user) => {
      const { dropped, ...connection } = await delivery.updateConnection(user, req.params.id, jsonBody(req));
      return { message: dropped ? `Connection saved. ${dropped}` : 'Connection saved', connection };
    }),
  );
  r.delete(
    '/connections/:id',
    authed(services, async (req, user) => ({ message: 'Connection deleted', connection: await delivery.deleteConnection(user, req.params.id) })),
  );
  r.post(
    '/connections/:id/test',
    authed(services, async (req, user) => delivery.testConnection(user, req.params.id)),
  );
  r.post(
    '/connections/:id/resume',
    authed(services, async (req, user) => {
      const { connection, resumed } = await delivery.resumeConnection(user, req.params.id);
      return { message: `Connection resumed: ${resumed} ${resumed === 1 ? 'file' : 'files'} queued again`, connection, resumed };
    }),
  );
  r.post(
    '/projects/:id/deliveries',
    authed(services, async (req, user) => ({ message: 'Delivery queued', delivery: await delivery.deliver(user, req.params.id, jsonBody(req)) }), 202),
  );
  // An administrator acting for an owner (support): the owner's connections and project, recorded as started by the administrator.
  r.post(
    '/admin/projects/:id/deliveries',
    adminOnly(
      services,
      async (req, admin) => ({ message: 'Delivery queued for the owner', delivery: await delivery.deliverForOwner(admin, req.params.id, jsonBody(req)) }),
      202,
    ),
  );
  r.get(
    '/projects/:id/deliveries',
    authed(services, async (req, user) => ({ deliveries: await delivery.history(user, req.params.id) })),
  );
  r.get(
    '/projects/:id/delivery-record',
    authed(services, async (req, user, res) => {
      const format = req.query.format ?? 'json';
      if (format !== 'json' && format !== 'csv') throw badInput('format must be csv or json');
      const { project, rows, truncated } = await delivery.record(user, req.params.id);
      if (format === 'json') return { projectId: project.id, truncated, rows };
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="delivery-record-${project.id}.csv"`);
      res.end(recordCsv(rows));
      return undefined;
    }),
  );
  r.post(
    '/deliveries/:id/resend',
    authed(services, async (req, user) => ({ message: 'Queued again', delivery: await delivery.resend(user, req.params.id, jsonBody(req)) }), 202),
  );
  r.get(
    '/deliveries/:id',
    authed(services, async (req, user) => ({ delivery: await delivery.delivery(user, req.params.id) })),
  );
  return r;
}
