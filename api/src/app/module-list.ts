import { legacyModule } from './legacy.module.js';
import { healthModule } from '../health/health.module.js';

/**
 * Every feature of the API, once. The composition root derives from this list the services, the
 * MikroORM entities, the GraphQL schema, the REST routes (mounted in this order), the start and
 * stop steps and the workers. A new feature adds its module here and nowhere else.
 */
export const modules = [legacyModule, healthModule] as const;
