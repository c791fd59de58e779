import { defineConfig } from '@mikro-orm/postgresql';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { migrationsList } from './migrations/index.js';

/** A MikroORM entity class. */
export type EntityClass = abstract new (...args: never[]) => object;

/**
 * One ORM configuration for the server, the worker and the tests. The entities are the features'
 * (the composition root lists them once: app/entities.ts); no folder scanning.
 */
export function ormConfig(clientUrl: string, opts: { entities: readonly EntityClass[]; debug?: boolean; poolMax?: number }) {
  return defineConfig({
    clientUrl,
    entities: [...opts.entities],
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, silent: true, snapshot: false },
    debug: opts.debug ?? false,
    pool: { min: 0, max: opts.poolMax ?? 20 },
    // Services fork the EntityManager per operation; the global one is never used for work.
    allowGlobalContext: false,
  });
}
