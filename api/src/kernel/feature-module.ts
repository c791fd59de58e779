import type { Express, Router } from 'express';
import type { GraphQLSchema } from 'graphql';

/**
 * The shape of a feature module. Every feature folder exports ONE object made with `defineModule`
 * (`<feature>/<feature>.module.ts`) that declares what the feature brings: its entities, the
 * services it builds (from dependencies it names), its resolvers and REST routes (which receive only
 * the services they name, never the whole set), and its start/stop steps and workers. The
 * composition root (`app/`) lists the modules once and derives everything else from that list.
 *
 * This folder is plumbing: it imports no feature.
 */

/**
 * Names every key of `T`. A dependency list typed with it cannot miss a service its code's types
 * use, and the composition root hands over only the services listed.
 */
export type NeedList<T> = { readonly [K in keyof T]-?: true };

/** A MikroORM entity class. */
export type EntityClass = abstract new (...args: never[]) => object;

/** A type-graphql resolver class, constructed once per schema with its module's handler dependencies. */
export type ResolverClass<H> = new (deps: H) => object;

/** One REST router and where it is mounted. */
export interface RouteMount<H> {
  /** Mount path, e.g. `/api/projects`. */
  path: string;
  /** Parse JSON bodies for this path before the router (uploads and downloads stream their own). */
  json?: boolean;
  router: (deps: H) => Router;
}

/** The services a module adds to its process, built from the ones it names. */
export interface ServiceFactory<N, P extends object> {
  needs: NeedList<N>;
  create(deps: N): P;
}

/** What a module's GraphQL resolvers and REST routes receive, and what they are. */
export interface Handlers<H> {
  needs: NeedList<H>;
  resolvers?: readonly ResolverClass<H>[];
  routes?: readonly RouteMount<H>[];
  /** For what a router cannot express (e.g. a static folder with its own headers); runs in module order. */
  mount?(app: Express, deps: H): void;
  /** Called with each schema built (type-graphql subscriptions run without their resolver instance). */
  onSchema?(schema: GraphQLSchema, deps: H): void;
}

/** A start or stop step, or a background worker's start. */
export interface Step<S, R = void> {
  needs: NeedList<S>;
  run(deps: S): Promise<R> | R;
}

/** A background worker a module runs (in the API process, or alone with `npm run worker`). */
export interface RunningWorker {
  close(): Promise<void>;
}

export interface FeatureModule {
  /** The feature's folder name. */
  readonly name: string;
  readonly entities?: readonly EntityClass[];
  readonly services?: ServiceFactory<any, object>;
  readonly handlers?: Handlers<any>;
  /** Runs once every module's services exist, before the server listens. */
  readonly start?: Step<any>;
  /** Runs when the process stops, after the HTTP server closed and the workers finished. */
  readonly stop?: Step<any>;
  readonly worker?: Step<any, RunningWorker>;
}

/** Declares a feature module (identity at run time; the helpers below carry the types). */
export function defineModule<const M extends FeatureModule>(module: M): M {
  return module;
}

/** `services({ orm: true }, (d: { orm: Orm }) => ({ things: new ThingsService(d.orm) }))` */
export function services<N, P extends object>(needs: NoInfer<NeedList<N>>, create: (deps: N) => P): ServiceFactory<N, P> {
  return { needs, create };
}

/** `handlers<ThingsDeps>({ things: true, auth: true }, { resolvers: [...], routes: [...] })` */
export function handlers<H>(needs: NeedList<H>, parts: Omit<Handlers<H>, 'needs'>): Handlers<H> {
  return { needs, ...parts };
}

/** `step({ storage: true }, (d: { storage: FileStorage }) => d.storage.init())` */
export function step<S, R = void>(needs: NoInfer<NeedList<S>>, run: (deps: S) => Promise<R> | R): Step<S, R> {
  return { needs, run };
}

/** Only the named keys of `from` (the composition root's way of handing over narrow dependencies). */
export function pick<T>(from: Readonly<Record<string, unknown>>, needs: NeedList<T>, who: string): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(needs)) {
    if (!(key in from)) throw new Error(`${who} needs '${key}', which no module provides`);
    out[key] = from[key];
  }
  return Object.freeze(out) as T;
}
