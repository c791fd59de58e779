/**
 * Which ffprobe and ffmpeg processing runs, decided once per process. In order: FFPROBE_PATH /
 * FFMPEG_PATH when set (that binary or nothing), the PATH (a system package), then the binaries
 * shipped inside the `@ffprobe-installer/ffprobe` and `@ffmpeg-installer/ffmpeg` npm packages, so
 * `npm install` alone is enough. Each candidate must answer `-version` before it is used: a missing,
 * truncated or corrupt binary is reported by name at start-up, never as a per-set `spawn ENOENT`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '../../platform/logging/logger.js';

export type MediaToolName = 'ffprobe' | 'ffmpeg';

export interface MediaTool {
  path: string;
  /** The version the binary reports, e.g. "5.1.9-0+deb12u1". */
  version: string;
  /** env: FFPROBE_PATH/FFMPEG_PATH; path: found on the PATH; npm: the binary an npm package ships. */
  source: 'env' | 'path' | 'npm';
}

export interface MediaTools {
  ffprobe: MediaTool | null;
  ffmpeg: MediaTool | null;
  /** Candidates that were found but did not work, and why (also set when a tool was found later). */
  warnings: string[];
  /** Why processing cannot run (one sentence), or null when both tools work. */
  problem: string | null;
}

export interface MediaToolsOptions {
  /** FFPROBE_PATH: use this ffprobe and no other. */
  ffprobePath?: string;
  /** FFMPEG_PATH: use this ffmpeg and no other. */
  ffmpegPath?: string;
  /** The PATH to search (default: this process's). */
  searchPath?: string;
}

const NPM_PACKAGES: Record<MediaToolName, string> = { ffprobe: '@ffprobe-installer/ffprobe', ffmpeg: '@ffmpeg-installer/ffmpeg' };
const VERSION_TIMEOUT_MS = 10_000;

/** Runs `<file> -version` and returns the version it names; throws a sentence saying what is wrong. */
export function toolVersion(name: MediaToolName, file: string): string {
  let out: string;
  try {
    out = execFileSync(file, ['-version'], { encoding: 'utf8', timeout: VERSION_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { signal?: string; status?: number };
    if (e.code === 'ENOENT') throw new Error(`${file} does not exist`);
    if (e.code === 'EACCES') throw new Error(`${file} is not executable`);
    if (e.code === 'ENOEXEC' || e.code === 'EFAULT') throw new Error(`${file} is not a program this machine can run (corrupt or truncated?)`);
    if (e.signal === 'SIGTERM' && e.code === 'ETIMEDOUT') throw new Error(`${file} did not answer -version within ${VERSION_TIMEOUT_MS / 1000} s`);
    const why = e.signal ? `was killed by ${e.signal}` : `exited with ${e.status ?? e.code}`;
    throw new Error(`${file} ${why} when asked for its version (corrupt or truncated?)`);
  }
  const m = new RegExp(`^${name} version (\\S+)`).exec(out);
  if (!m) throw new Error(`${file} is not ${name} (its -version output does not name it)`);
  return m[1]!;
}

/** The first executable file called `name` in the PATH-style list `searchPath`, or null. */
export function findOnPath(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      if (fs.statSync(file).isFile()) return file;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** The binary the npm package ships for this platform; throws when the package has none for it. */
function fromNpm(name: MediaToolName): string {
  const require = createRequire(import.meta.url);
  try {
    return (require(NPM_PACKAGES[name]) as { path: string }).path;
  } catch (err) {
    // The packages throw strings as well as Errors ("Unsupported platform/architecture: ...").
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new Error(`${NPM_PACKAGES[name]} has no ${name} for ${process.platform}-${process.arch} (${why})`);
  }
}

function resolveOne(name: MediaToolName, override: string | undefined, searchPath: string, warnings: string[]): { tool: MediaTool | null; problem?: string } {
  const variable = name === 'ffprobe' ? 'FFPROBE_PATH' : 'FFMPEG_PATH';
  if (override) {
    try {
      return { tool: { path: override, version: toolVersion(name, override), source: 'env' } };
    } catch (err) {
      return { tool: null, problem: `${variable}: ${(err as Error).message}` };
    }
  }
  const system = findOnPath(name, searchPath);
  if (system) {
    try {
      return { tool: { path: system, version: toolVersion(name, system), source: 'path' } };
    } catch (err) {
      warnings.push(`${name} on the PATH is unusable: ${(err as Error).message}; trying the npm package`);
    }
  }
  let shipped: string;
  try {
    shipped = fromNpm(name);
  } catch (err) {
    return { tool: null, problem: `no ${name} on the PATH and ${(err as Error).message}` };
  }
  try {
    return { tool: { path: shipped, version: toolVersion(name, shipped), source: 'npm' } };
  } catch (err) {
    return { tool: null, problem: `${(err as Error).message} (reinstall with npm install, or set ${variable})` };
  }
}

/** Finds and checks both tools (synchronous: a few `-version` runs, once at start-up). */
export function resolveMediaTools(opts: MediaToolsOptions = {}): MediaTools {
  const warnings: string[] = [];
  const searchPath = opts.searchPath ?? process.env.PATH ?? '';
  const probe = resolveOne('ffprobe', opts.ffprobePath, searchPath, warnings);
  const mpeg = resolveOne('ffmpeg', opts.ffmpegPath, searchPath, warnings);
  const problems = [probe.problem, mpeg.problem].filter((p): p is string => !!p);
  return {
    ffprobe: probe.tool,
    ffmpeg: mpeg.tool,
    warnings,
    problem: problems.length ? `Media tools unavailable: ${problems.join('; ')}` : null,
  };
}

/** One line for logs and the doctor: "ffprobe 5.1.9 (path: /usr/bin/ffprobe)". */
export function describeTool(name: MediaToolName, tool: MediaTool | null): string {
  return tool ? `${name} ${tool.version} (${tool.source}: ${tool.path})` : `${name} missing`;
}

let active: MediaTools | undefined;

/** The tools this process uses: those set at start-up, else resolved now from the environment. */
export function activeMediaTools(): MediaTools {
  return (active ??= resolveMediaTools({ ffprobePath: process.env.FFPROBE_PATH || undefined, ffmpegPath: process.env.FFMPEG_PATH || undefined }));
}

/** Start-up sets the tools once (from the validated config), so every later spawn uses them. */
export function useMediaTools(tools: MediaTools): MediaTools {
  active = tools;
  return tools;
}

/** Thrown when a tool is needed but none works: the machine's problem, not the file's. */
export class MediaToolsUnavailableError extends Error {
  override readonly name = 'MediaToolsUnavailableError';
}

/** The path to spawn for `name`; throws MediaToolsUnavailableError with the reason when there is none. */
export function mediaToolPath(name: MediaToolName): string {
  const tools = activeMediaTools();
  const tool = tools[name];
  if (!tool) throw new MediaToolsUnavailableError(tools.problem ?? `${name} is unavailable`);
  return tool.path;
}

/** One line naming the tools in use, or the reason processing is refused (a start-up line, not a per-set failure). */
export function logMediaTools(logger: Pick<Logger, 'info' | 'warn' | 'error'>, tools: MediaTools): void {
  for (const warning of tools.warnings) logger.warn(warning);
  const names = `${describeTool('ffprobe', tools.ffprobe)}, ${describeTool('ffmpeg', tools.ffmpeg)}`;
  if (tools.problem)
    logger.error(`${tools.problem}. Processing is refused until this is fixed (npm install, or set FFPROBE_PATH/FFMPEG_PATH); run npm run doctor`);
  else logger.info({ ffprobe: tools.ffprobe, ffmpeg: tools.ffmpeg }, `media tools: ${names}`);
}

/**
 * The input options for `input` (ffmpeg: before `-i`, ffprobe: before the file). A clip in a bucket
 * is a loopback URL whose every answer carries a few blocks (object-storage/clip-relay.ts): with
 * `-reconnect 1` the tool asks again where an answer ended, as it does after a dropped connection.
 * `-reconnect_delay_max 0`: a read the relay refuses (the bucket failed it, after its own retries)
 * ends the tool at once; ffmpeg's back-off would ask again for two minutes (1, 3, 7 ... 63 s).
 */
export function inputOptions(input: string): string[] {
  return /^https?:\/\//.test(input) ? ['-reconnect', '1', '-reconnect_delay_max', '0'] : [];
}
