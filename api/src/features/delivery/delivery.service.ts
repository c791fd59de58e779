import type { User } from '../users/user.entity.js';
import { AGENCY_HOSTS } from './agency-hosts.js';
import type { RemoteTarget } from './remote-client.js';
import type { SecretBox } from './secret-box.js';
import { DeliveryConnections } from './delivery-connections.js';
import { Deliveries } from './deliveries.js';
import { DeliveryProgressFeed } from './delivery-progress.js';
import type { DeliveryServiceDeps } from './delivery-context.js';
import type { ConnectionRow, ConnectionView, DeliveryView } from './delivery-views.js';

export type { ConnectionRow, ConnectionView, DeliveryView, ItemView } from './delivery-views.js';
export { presentConnection } from './delivery-views.js';

export { DELIVERY_QUEUE, type DeliverFileJob, type DeliveryServiceDeps } from './delivery-context.js';

/**
 * Agency connections and deliveries (issue 19): REST and GraphQL both call this. Connections and
 * their secrets live in delivery-connections.ts, deliveries and their files in deliveries.ts, how
 * both read in delivery-views.ts.
 */
export class DeliveryService {
  readonly connections: DeliveryConnections;
  readonly deliveries: Deliveries;
  /** Wakes `deliveryProgress` streams when a delivery's files change (LISTEN/NOTIFY). */
  readonly progress: DeliveryProgressFeed;

  constructor(deps: DeliveryServiceDeps) {
    this.connections = new DeliveryConnections(deps);
    this.deliveries = new Deliveries(deps, this.connections);
    this.progress = new DeliveryProgressFeed(deps.pool, deps.logger);
  }

  get secrets(): SecretBox {
    return this.connections.secrets;
  }

  agencies() {
    return AGENCY_HOSTS.map((a) => ({ ...a }));
  }

  // ---- connections ----
  caPem = (): Promise<string | undefined> => this.connections.caPem();
  listConnections = (user: User): Promise<ConnectionView[]> => this.connections.listConnections(user);
  connectionRow = (user: User, rawId: unknown): Promise<ConnectionRow> => this.connections.connectionRow(user, rawId);
  getConnection = (user: User, rawId: unknown): Promise<ConnectionView> => this.connections.getConnection(user, rawId);
  createConnection = (user: User, input: Record<string, unknown>): Promise<ConnectionView> => this.connections.createConnection(user, input);
  updateConnection = (user: User, rawId: unknown, input: Record<string, unknown>): Promise<ConnectionView & { dropped: string | null }> =>
    this.connections.updateConnection(user, rawId, input);
  deleteConnection = (user: User, rawId: unknown): Promise<ConnectionView> => this.connections.deleteConnection(user, rawId);
  targetOf = (row: ConnectionRow): Promise<RemoteTarget> => this.connections.targetOf(row);
  pinHostKey = (connectionId: string, hostKey: string | null): Promise<void> => this.connections.pinHostKey(connectionId, hostKey);
  testConnection = (user: User, rawId: unknown) => this.connections.testConnection(user, rawId);
  pauseConnection = (connectionId: string, reason: string, testMessage: string): Promise<string[]> =>
    this.connections.pauseConnection(connectionId, reason, testMessage);
  resumeConnection = (user: User, rawId: unknown) => this.deliveries.resumeConnection(user, rawId);

  // ---- deliveries ----
  deliver = (user: User, rawProjectId: unknown, input: Record<string, unknown>): Promise<DeliveryView> => this.deliveries.deliver(user, rawProjectId, input);
  /** An administrator starts a delivery of an owner's project to that owner's connections (recorded as started by the administrator). */
  deliverForOwner = (admin: User, rawProjectId: unknown, input: Record<string, unknown>): Promise<DeliveryView> =>
    this.deliveries.deliver(admin, rawProjectId, input, undefined, true);
  delivery = (user: User, rawId: unknown): Promise<DeliveryView> => this.deliveries.delivery(user, rawId);
  resend = (user: User, rawDeliveryId: unknown, input: Record<string, unknown>): Promise<DeliveryView> => this.deliveries.resend(user, rawDeliveryId, input);
  record = (user: User, rawProjectId: unknown) => this.deliveries.record(user, rawProjectId);
  history = (user: User, rawProjectId: unknown, limit = 20): Promise<DeliveryView[]> => this.deliveries.history(user, rawProjectId, limit);
}
