import { defineConfig } from '@mikro-orm/postgresql';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';

/** One ORM configuration for the server, the worker and the tests. */
export function ormConfig(clientUrl: string, opts: { debug?: boolean; poolMax?: number } = {}) {
  return defineConfig({
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, silent: true, snapshot: false },
    debug: opts.debug ?? false,
    pool: { min: 0, max: opts.poolMax ?? 20 },
    // Services fork the EntityManager per operation; the global one is never used for work.
    allowGlobalContext: false,
  });
}
