/**
 * Seeds file sets for processing tests the way an upload does: real files (ffmpeg-made videos and
 * JPGs, the fixture SRTs) streamed through `services.storage.write()`, and FileSet + MediaFile rows
 * made with the ORM (filename, lower-case extension, kind, contentType, storageKey, size, sha256).
 */
import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { Orm } from '../../../platform/db/database.js';
import type { FileStorage } from '../../files/file-storage.js';
import { FileSet } from '../../file-sets/file-set.entity.js';
import { MediaFile, type MediaKind } from '../../file-sets/media-file.entity.js';
import { Project } from '../../projects/project.entity.js';
import { fixtureSrtPath, makeTestJpg, makeTestVideo, type VideoOptions } from '../../../../test/support/media-fixtures.js';

export interface SeedSet {
  baseName: string;
  /** A fixture name in api/test/fixtures/srt. */
  srtFixture?: string;
  video?: VideoOptions;
  jpg?: Parameters<typeof makeTestJpg>[0];
  /** Bytes that are no media, saved with a .MP4 name: a corrupt video. */
  corruptVideo?: boolean;
  /** The first half of a real MP4 (its index is at the end): "moov atom not found", as from a cut-off copy. */
  truncatedVideo?: boolean;
  omit?: Array<'video' | 'jpg' | 'srt'>;
}

const CONTENT_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', jpg: 'image/jpeg', srt: 'application/x-subrip' };
const KINDS: Record<string, MediaKind> = { mp4: 'video', mov: 'video', jpg: 'image', srt: 'subtitle' };

/** What seeding writes through: the ORM for the rows, the storage for the bytes. */
export interface SeedServices {
  orm: Orm;
  storage: Pick<FileStorage, 'write'>;
}

async function store(services: SeedServices, source: Readable, filename: string) {
  const extension = filename.split('.').pop()!.toLowerCase();
  const stored = await services.storage.write(source, { extension });
  return { filename, extension, kind: KINDS[extension]!, contentType: CONTENT_TYPES[extension]!, ...stored };
}

/**
 * A real test MP4 cut off the way a camera file is when its copy stops early: the camera writes the
 * index (the `moov` box) last, so a cut-off file has its header and half its media but no index.
 * Our fixtures are written with the index first (+faststart), so it is dropped here: ffprobe then
 * answers "moov atom not found".
 */
export async function truncatedMp4(video?: VideoOptions): Promise<Buffer> {
  const whole = await fs.promises.readFile(await makeTestVideo(video));
  const boxes: Buffer[] = [];
  for (let at = 0; at + 8 <= whole.length;) {
    const size = whole.readUInt32BE(at);
    const type = whole.toString('latin1', at + 4, at + 8);
    if (size < 8) break;
    if (type !== 'moov') boxes.push(whole.subarray(at, Math.min(whole.length, at + size)));
    at += size;
  }
  const joined = Buffer.concat(boxes);
  return joined.subarray(0, Math.ceil(joined.length * 0.75));
}

/** Adds the sets to the project (positions continue after existing sets) and returns their ids in order. */
export async function seedFileSets(services: SeedServices, projectId: string, sets: SeedSet[]): Promise<string[]> {
  const em = services.orm.em.fork();
  const project = await em.findOneOrFail(Project, { id: projectId });
  const start = await em.count(FileSet, { project: projectId });
  const ids: string[] = [];
  for (const [i, s] of sets.entries()) {
    const omit = new Set(s.omit ?? []);
    const files = [];
    const container = s.video?.container ?? 'mp4';
    if (!omit.has('video')) {
      const source = s.corruptVideo
        ? Readable.from([notAVideo(s.baseName)])
        : s.truncatedVideo
          ? Readable.from([await truncatedMp4(s.video)])
          : fs.createReadStream(await makeTestVideo(s.video));
      files.push(await store(services, source, `${s.baseName}.${container.toUpperCase()}`));
    }
    if (!omit.has('jpg')) files.push(await store(services, fs.createReadStream(await makeTestJpg(s.jpg)), `${s.baseName}.JPG`));
    if (!omit.has('srt'))
      files.push(await store(services, fs.createReadStream(fixtureSrtPath(s.srtFixture ?? 'JuanIrache__DJI_SRT_Parser__air2s.srt')), `${s.baseName}.SRT`));
    const set = em.create(FileSet, { project, baseName: s.baseName, position: start + i, createdAt: new Date() });
    for (const f of files) em.create(MediaFile, { fileSet: set, ...f, createdAt: new Date() });
    ids.push(set.id);
  }
  await em.flush();
  return ids;
}

/** Creates a project through the REST shim and returns its id. */
export async function createProject(
  server: { request: (m: string, p: string, o?: { token?: string | null; body?: unknown }) => Promise<{ status: number; body: any }> },
  token: string,
  name = 'Drone clips',
  cameraType = 'dji-mavic-3-pro-series',
): Promise<string> {
  const r = await server.request('POST', '/api/projects', { token, body: { name, cameraType } });
  if (r.status !== 201) throw new Error(`project creation failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.project.id;
}

/** Polls GET progress until the run is over (or the time is up). */
export async function waitForRun(
  server: { request: (m: string, p: string, o?: { token?: string | null }) => Promise<{ status: number; body: any }> },
  token: string,
  projectId: string,
  timeoutMs = 60_000,
) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await server.request('GET', `/api/projects/${projectId}/progress`, { token });
    if (r.body?.runStatus === 'completed') return r.body;
    if (Date.now() > end) throw new Error(`run did not finish: ${JSON.stringify(r.body)}`);
    await new Promise((res) => setTimeout(res, 200));
  }
}

/**
 * 64 KiB that no demuxer takes for media, the same every run: random bytes can, once in a while,
 * look like a stream to ffprobe's probing, and the set then "processes".
 */
function notAVideo(baseName: string): Buffer {
  const b = Buffer.alloc(64 * 1024);
  b.write(`not a video: ${baseName}`);
  return b;
}
