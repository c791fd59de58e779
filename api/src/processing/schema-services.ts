import type { GraphQLSchema } from 'graphql';
import type { AppServices } from '../app/services.js';

/**
 * type-graphql calls a subscription's `subscribe` without the resolver instance, so it finds the
 * process's services through the schema it runs on (several servers may share one process in tests).
 */
export const servicesBySchema = new WeakMap<GraphQLSchema, AppServices>();
