import type { DeliveryAgency } from './agency-hosts.js';

/** Per-connection delivery settings and their defaults (issue 33 items 4 and 6). */

/** What a connection can receive (issue 33 item 4). */
export const RECEIVES = ['clips', 'stills', 'photos', 'metadata'] as const;
export type Receives = (typeof RECEIVES)[number];
/** The agency rules an "Other server" connection may be checked by. */
export const CHECK_RULES = ['adobe', 'shutterstock', 'pond5'] as const;
/** Sessions (and files at once) per connection: the default, and the most a user may set. */
export const DEFAULT_SESSIONS = 2;
export const MAX_SESSIONS = 8;

/** What a connection receives when the user did not choose: per agency (Other server: everything). */
export const defaultReceives = (agency: DeliveryAgency): Receives[] =>
  agency === 'pond5' ? ['clips'] : agency === 'custom' ? ['clips', 'stills', 'photos', 'metadata'] : ['clips', 'photos'];
