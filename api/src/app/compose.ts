import type pg from 'pg';
import type { Ledger } from '@shotlog/ledger';
import type { Config } from '../config/config.js';
import type { Orm } from '../db/database.js';
import type { Logger } from '../logging/logger.js';
import type { QueueBackend } from '../queue/queue-backend.js';
import type { Metrics } from '../metrics/metrics.js';
import type { IdempotencyService } from '../idempotency/idempotency.service.js';
import { pick, type EntityClass, type FeatureModule, type RunningWorker } from '../kernel/feature-module.js';

/** What the composition root gives every module before any module's services exist. */
export interface BaseServices {
  config: Config;
  logger: Logger;
  orm: Orm;
  pool: pg.Pool;
  queue: QueueBackend;
  ledger: Ledger;
  /** Signs login tokens and file links (a worker never signs; it gets a placeholder). */
  jwtSecret: string;
  metrics: Metrics;
  idempotency: IdempotencyService;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
type ProvidedBy<M> = M extends { services: { create(deps: never): infer P } } ? P : never;

/** The services of a process built from `Modules`: the base plus what every module provides. */
export type ServicesOf<Modules extends readonly FeatureModule[]> = BaseServices & UnionToIntersection<ProvidedBy<Modules[number]>>;

/** Every entity the modules declare (MikroORM's list; no folder scanning). */
export function entitiesOf(modules: readonly FeatureModule[]): EntityClass[] {
  return modules.flatMap((m) => m.entities ?? []);
}

/**
 * Builds every module's services, each from only what it names: a module is built once all it
 * needs exists, so the list's order is free for what it decides (route order). Missing or
 * circular needs, and two modules providing one name, stop the process with the names.
 */
export function buildServices<Modules extends readonly FeatureModule[]>(modules: Modules, base: BaseServices): ServicesOf<Modules> {
  const registry: Record<string, unknown> = { ...base };
  const pending = modules.filter((m) => m.services);
  while (pending.length) {
    const next = pending.findIndex((m) => Object.keys(m.services!.needs).every((key) => key in registry));
    if (next < 0) {
      const why = pending.map(
        (m) =>
          `${m.name} needs ${Object.keys(m.services!.needs)
            .filter((key) => !(key in registry))
            .join(', ')}`,
      );
      throw new Error(`Module services cannot be built (missing or circular needs): ${why.join('; ')}`);
    }
    const [module] = pending.splice(next, 1);
    const provided = module.services!.create(pick(registry, module.services!.needs, `module ${module.name}`));
    for (const key of Object.keys(provided)) {
      if (key in registry) throw new Error(`module ${module.name} provides '${key}', which is provided already`);
    }
    Object.assign(registry, provided);
  }
  return registry as ServicesOf<Modules>;
}

/** Each module's handler dependencies: only the services its resolvers and routes name. */
export function handlerDepsOf(modules: readonly FeatureModule[], services: object): Map<FeatureModule, unknown> {
  const deps = new Map<FeatureModule, unknown>();
  for (const m of modules) if (m.handlers) deps.set(m, pick(services as Record<string, unknown>, m.handlers.needs, `module ${m.name}'s handlers`));
  return deps;
}

/** The modules' start steps, in list order (e.g. the storage folders, then the administrator). */
export async function startModules(modules: readonly FeatureModule[], services: object): Promise<void> {
  for (const m of modules) if (m.start) await m.start.run(pick(services as Record<string, unknown>, m.start.needs, `module ${m.name}'s start`));
}

/** The modules' stop steps, in reverse list order; `log` names each step (debug). */
export async function stopModules(modules: readonly FeatureModule[], services: object, log: (name: string) => void): Promise<void> {
  for (const m of [...modules].reverse()) {
    if (!m.stop) continue;
    log(m.name);
    await m.stop.run(pick(services as Record<string, unknown>, m.stop.needs, `module ${m.name}'s stop`));
  }
}

/** Starts every module's background worker. */
export async function startWorkers(modules: readonly FeatureModule[], services: object): Promise<RunningWorker[]> {
  const workers: RunningWorker[] = [];
  for (const m of modules)
    if (m.worker) workers.push(await m.worker.run(pick(services as Record<string, unknown>, m.worker.needs, `module ${m.name}'s worker`)));
  return workers;
}
