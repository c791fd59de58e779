/**
 * docker-compose.yml cannot run here (no Docker engine), so its topology is read instead: PostgreSQL,
 * Redis, two API processes behind one published port (the nginx config it mounts routes to both),
 * two workers running the worker command, the web app served by the APIs. Every variable the app
 * services set is one loadConfig reads (and their values pass it), and every command they run is
 * one package.json runs too. The scale e2e specs run this same topology as plain processes.
 */
import fs from 'node:fs';
import path from 'node:path';
import express from 'express';
import { parse } from 'yaml';
import { loadConfig, repoRoot } from '../../src/platform/config/config.js';

interface Service {
  image?: string;
  build?: string | { context: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  ports?: Array<string | number | { published: string | number }>;
  volumes?: Array<string | { source: string; target: string }>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test: string | string[] };
}

const read = (p: string) => fs.readFileSync(path.join(repoRoot, p), 'utf8');
// Compose files are YAML 1.1 with merge keys (`<<: *app`).
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
const rootScripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
const apiScripts = (JSON.parse(read('api/package.json')) as { scripts: Record<string, string> }).scripts;

const argv = (s: Service): string[] => (Array.isArray(s.command) ? s.command : (s.command ?? '').split(/\s+/).filter(Boolean));
const envOf = (s: Service): Record<string, string> =>
  Array.isArray(s.environment)
    ? Object.fromEntries(s.environment.map((kv) => [kv.split('=')[0]!, kv.slice(kv.indexOf('=') + 1)]))
    : Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, v === null ? '' : String(v)]));
const dependsOn = (s: Service): string[] => (Array.isArray(s.depends_on) ? s.depends_on : Object.keys(s.depends_on ?? {}));
const named = (pred: (s: Service) => boolean) => services.filter(([, s]) => pred(s)).map(([name]) => name);
const runs = (file: string) => (s: Service) => argv(s).includes(file);

const apis = named(runs('api/dist/main.js'));
const workers = named(runs('api/dist/worker.js'));
const appServices = [...apis, ...workers];

/** `${VAR:?msg}` must be given, `${VAR:-default}` falls back: compose's interpolation, for loadConfig. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::?([-?])([^}]*))?\}/g, (_m, name: string, op?: string, rest?: string) => {
    if (given[name] !== undefined) return given[name]!;
    if (op === '?') throw new Error(`${name} is required (${rest})`);
    return op === '-' ? (rest ?? '') : '';
  });
}

/** What an app service's process gets from loadConfig, with `given` as the shell's variables. */
const configOf = (name: string, given: Record<string, string> = { JWT_SECRET: 's', SECRETS_KEY: 'k', MINIO_ROOT_PASSWORD: 'p' }) =>
  loadConfig(JSON.parse(interpolate(JSON.stringify(envOf(compose.services[name]!)), given)));

/** The variables loadConfig reads: whatever its schema asks the environment for, recorded as it asks. */
function variablesConfigReads(): Set<string> {
  const asked = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_t, key) => {
      if (typeof key === 'string') asked.add(key);
      return undefined;
    },
  });
  loadConfig(env);
  return asked;
}

it('runs PostgreSQL and Redis with health checks the app services wait for', () => {
  const postgres = named((s) => /^postgres(:|$)/.test(s.image ?? ''));
  const redis = named((s) => /^redis(:|$)/.test(s.image ?? ''));
  expect(postgres).toHaveLength(1);
  expect(redis).toHaveLength(1);
  for (const name of [...postgres, ...redis]) expect(compose.services[name]!.healthcheck?.test).toBeTruthy();
  for (const name of appServices) {
    const s = compose.services[name]!;
    expect(dependsOn(s)).toEqual(expect.arrayContaining([postgres[0], redis[0]]));
    const env = envOf(s);
    // Every process on the same database and queue, addressed by the compose service names.
    expect(new URL(env.DATABASE_URL!).hostname).toBe(postgres[0]);
    expect(new URL(env.REDIS_URL!).hostname).toBe(redis[0]);
  }
});

it('runs two API processes without in-process workers and two workers running the worker command', () => {
  expect(apis).toHaveLength(2);
  expect(workers).toHaveLength(2);
  for (const name of apis) expect(configOf(name).runWorker).toBe(false);
  // One image for all four, sharing no volume (each could run on its own machine): one JWT secret,
  // one key for agency passwords, one bucket for every stored byte (issue 35).
  const shared = appServices.map((name) => {
    const s = compose.services[name]!;
    const env = envOf(s);
    expect(s.volumes ?? []).toEqual([]);
    return { build: JSON.stringify(s.build), jwt: env.JWT_SECRET, secrets: env.SECRETS_KEY, bucket: env.S3_BUCKET, endpoint: env.S3_ENDPOINT };
  });
  expect(shared[0]!.bucket).toBe('shotlog');
  expect(new URL(shared[0]!.endpoint!).hostname).toBe('minio');
  expect(compose.services.minio).toBeDefined();
  expect(new Set(shared.map((x) => JSON.stringify(x))).size).toBe(1);
});

it('publishes one port: a proxy whose mounted nginx config routes to both APIs, websockets included', () => {
  const published = services.filter(([, s]) => (s.ports ?? []).length > 0);
  expect(published.map(([name]) => name)).toHaveLength(1);
  const [, proxy] = published[0]!;
  expect(proxy.image).toMatch(/^nginx(:|$)/);
  expect(dependsOn(proxy).sort()).toEqual([...apis].sort());

  const mount = (proxy.volumes ?? []).map((v) => (typeof v === 'string' ? v : `${v.source}:${v.target}`)).find((v) => v.includes('/etc/nginx/'));
  expect(mount).toBeDefined();
  const configFile = path.resolve(repoRoot, mount!.split(':')[0]!);
  expect(fs.existsSync(configFile)).toBe(true);
  const conf = fs.readFileSync(configFile, 'utf8').replace(/#.*$/gm, '');

  const upstreams = new Map(
    [...conf.matchAll(/upstream\s+([\w-]+)\s*\{([^}]*)\}/g)].map((m) => [
      m[1]!,
      [...m[2]!.matchAll(/server\s+([\w.-]+):(\d+)/g)].map((s) => `${s[1]}:${s[2]}`),
    ]),
  );
  const root = conf.match(/location\s+\/\s*\{([^}]*)\}/);
  expect(root).not.toBeNull();
  const target = root![1]!.match(/proxy_pass\s+http:\/\/([\w-]+)/)?.[1];
  expect(upstreams.has(target!)).toBe(true);
  // Both APIs, each on the port its PORT variable makes it listen on.
  const expected = apis.map((name) => `${name}:${envOf(compose.services[name]!).PORT ?? '4000'}`);
  expect(upstreams.get(target!)!.sort()).toEqual(expected.sort());
  // graphql-ws needs the upgrade passed on; the per-address limits need the client's address.
  expect(root![1]).toMatch(/proxy_http_version\s+1\.1/);
  expect(root![1]).toMatch(/proxy_set_header\s+Upgrade\s+\$http_upgrade/);
  expect(root![1]).toMatch(/proxy_set_header\s+X-Forwarded-For\s/);
});

it('serves the web app: the image builds it and the APIs serve web/dist', () => {
  const builds = new Set(appServices.map((name) => compose.services[name]!.build));
  expect(builds.size).toBe(1);
  const build = [...builds][0]!;
  const context = typeof build === 'string' ? build : build.context;
  const dockerfile = read(path.join(context, typeof build === 'string' ? 'Dockerfile' : (build.dockerfile ?? 'Dockerfile')));
  const buildScript = dockerfile.match(/RUN\s.*npm run (\S+)/)?.[1];
  expect(buildScript).toBeDefined();
  expect(rootScripts[buildScript!]).toMatch(/-w web\b/);
  expect(JSON.parse(read('web/package.json')).scripts.build).toMatch(/vite build/);
  for (const name of apis) expect(configOf(name).webDistDir).toBe(path.join(repoRoot, 'web', 'dist'));
});

it('sets only variables the config reads, with values it accepts', () => {
  const known = variablesConfigReads();
  // A check that the recording saw the schema.
  for (const v of ['DATABASE_URL', 'REDIS_URL', 'RUN_WORKER', 'WORKER_CONCURRENCY', 'TRUST_PROXY']) expect(known.has(v)).toBe(true);
  expect(known.has('POSTGRES_PASSWORD')).toBe(false);

  for (const name of appServices) {
    const env = envOf(compose.services[name]!);
    expect({ service: name, unknown: Object.keys(env).filter((k) => !known.has(k)) }).toEqual({ service: name, unknown: [] });
    // Empty optional values (`${ADMIN_USERNAME:-}`), and with values given, both load.
    expect(() => interpolate(JSON.stringify(env), {})).toThrow(/JWT_SECRET is required/);
    const variants: Array<Record<string, string>> = [
      { JWT_SECRET: 's', SECRETS_KEY: 'k', MINIO_ROOT_PASSWORD: 'p' },
      { JWT_SECRET: 's', SECRETS_KEY: 'k', MINIO_ROOT_PASSWORD: 'p', ADMIN_USERNAME: 'finance', ADMIN_PASSWORD: 'finance-pass', OPENAI_API_KEY: 'sk-test' },
    ];
    for (const given of variants) {
      const config = configOf(name, given);
      expect(config.env).toBe('production');
      // Express must accept TRUST_PROXY as a 'trust proxy' value (it compiles it on set).
      expect(() => express().set('trust proxy', config.trustProxy)).not.toThrow();
    }
  }
});

it('runs only commands package.json runs too', () => {
  const scripts = [...Object.values(rootScripts), ...Object.values(apiScripts).map((s) => s.replace(/\bdist\//, 'api/dist/'))];
  const dockerCmd = read('Dockerfile').match(/^CMD\s+(\[.*\])/m)?.[1];
  const commands = [...services.filter(([, s]) => s.build && s.command).map(([, s]) => argv(s)), ...(dockerCmd ? [JSON.parse(dockerCmd) as string[]] : [])];
  expect(commands.length).toBeGreaterThanOrEqual(5);
  for (const cmd of commands) {
    if (cmd[0] === 'npm') {
      expect(cmd[1]).toBe('run');
      expect(Object.keys(rootScripts)).toContain(cmd[2]);
      continue;
    }
    // `node [--options] api/dist/x.js`: the compiled api/src/x.ts, started with the Node options a
    // package.json script gives it (say `--max-semi-space-size=4` for the API).
    expect(cmd[0]).toBe('node');
    const file = cmd.at(-1)!;
    const options = cmd.slice(1, -1);
    expect(options.every((o) => o.startsWith('--'))).toBe(true);
    const compiled = file.match(/^api\/dist\/(.+)\.js$/)?.[1];
    expect(compiled).toBeDefined();
    expect(fs.existsSync(path.join(repoRoot, 'api', 'src', `${compiled}.ts`))).toBe(true);
    const line = ['node', ...options, file].join(' ').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(scripts.some((s) => new RegExp(`\\b${line}(\\s|$)`).test(s))).toBe(true);
  }
});
