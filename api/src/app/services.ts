import type { ServicesOf } from './compose.js';
import type { modules } from './module-list.js';

/**
 * Every service of one process: the composition root's registry, and what tests reach through a
 * running server. Routes and resolvers never see it: each module's handlers get the few they name.
 */
export type AppServices = ServicesOf<typeof modules>;
