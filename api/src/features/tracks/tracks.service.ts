import type { Orm } from '../../platform/db/database.js';
import { badInput, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { FRAME_POSITIONS } from '../../adapters/media-tools/frames.js';
import { srtTooLarge } from '../../platform/config/size-limits.js';
import { FileSet } from '../file-sets/file-set.entity.js';
import { FileSetResult } from '../results/file-set-result.entity.js';
import type { FileStorage } from '../files/file-storage.js';
import { ObjectMissingError, type LocalCopy } from '../../adapters/object-storage/index.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import type { Track } from './track.js';
import { TrackFileMissingError } from './track-thread.js';
import { DEFAULT_TRACK_POOL, TrackPool, type TrackPoolOptions } from './track-pool.js';

export const NO_SRT_MESSAGE = 'This file set has no SRT file, so it has no flight track';
export const NO_FIX_MESSAGE = "This file set's SRT has no GPS position (only frames before GPS lock, or none at all)";
export const NO_PROJECT_TRACKS_MESSAGE = 'No file set of this project has an SRT file, so it has no flight tracks';

/** A set of a project whose track can be read: its SRT in storage. */
interface TrackSource {
  fileSetId: string;
  baseName: string;
  srtKey: string;
  srtName: string;
  srtBytes: number;
}

export class TracksService {
  /** The process's one bounded pool of track threads (TRACK_THREADS, TRACK_QUEUE): every read goes through it. */
  readonly pool: TrackPool;

  constructor(
    private readonly orm: Orm,
    private readonly storage: Pick<FileStorage, 'localFile'>,
    private readonly projects: Pick<ProjectsService, 'getOwned'>,
    private readonly srtMaxBytes: number,
    poolOptions: TrackPoolOptions = DEFAULT_TRACK_POOL,
  ) {
    this.pool = new TrackPool(poolOptions);
  }

  /** Stops the pool's threads (at shutdown). */
  close(): Promise<void> {
    return this.pool.close();
  }

  /**
   * The track of one of the owner's sets (404 for others' sets and for a set without SRT). GraphQL
   * asks through a per-operation loader (tracks.resolver.ts), so aliases of one set read it once.
   */
  async fileSetTrack(owner: User, rawId: unknown, signal?: AbortSignal): Promise<Track> {
    const id = parseId(rawId, 'file set');
    const set = await this.orm.em.fork().findOne(FileSet, { id, project: { owner: owner.id } }, { populate: ['files'] });
    if (!set) throw notFound('File set not found');
    const source = sourceOf(set);
    if (!source) throw notFound(NO_SRT_MESSAGE);
    return this.read(source, signal);
  }

  /**
   * The owner's project and the sets that have an SRT, in the project's order (404 for others'
   * projects, and when no set has an SRT). Tracks are read one at a time by `tracksOf`.
   */
  async projectTrackSources(owner: User, rawId: unknown): Promise<{ projectName: string; sources: TrackSource[] }> {
    const project = await this.projects.getOwned(owner, rawId, { includeFiles: true });
    const sources = project.fileSets
      .getItems()
      .map(sourceOf)
      .filter((s): s is TrackSource => s !== null);
    if (!sources.length) throw notFound(NO_PROJECT_TRACKS_MESSAGE);
    return { projectName: project.name, sources };
  }

  /**
   * The tracks of the sources, read one after the other through the pool (only one set's telemetry
   * in memory at a time for this caller, none of the parsing on the event loop); a read still
   * waiting when `signal` aborts (the client went away) leaves the queue.
   */
  async *tracksOf(sources: readonly TrackSource[], signal?: AbortSignal): AsyncGenerator<Track> {
    for (const s of sources) yield await this.read(s, signal);
  }

  private async read(source: TrackSource, signal?: AbortSignal): Promise<Track> {
    if (source.srtBytes > this.srtMaxBytes) throw badInput(`${source.srtName}: ${srtTooLarge(this.srtMaxBytes)}`);
    const result = await this.orm.em.fork().findOne(FileSetResult, { fileSet: source.fileSetId });
    const probe = result?.analysis?.probe as { duration?: unknown } | undefined;
    const meta = {
      fileSetId: source.fileSetId,
      baseName: source.baseName,
      title: result?.current?.content?.title ?? null,
      videoDuration: typeof probe?.duration === 'number' ? probe.duration : null,
      framePositions: FRAME_POSITIONS,
    };
    let copy: LocalCopy | undefined;
    try {
      copy = await this.storage.localFile(source.srtKey);
      return await this.pool.read(copy.path, meta, signal);
    } catch (err) {
      if (err instanceof TrackFileMissingError || err instanceof ObjectMissingError) throw notFound('The SRT file of this set is missing from storage');
      throw err;
    } finally {
      copy?.release();
    }
  }
}

function sourceOf(set: FileSet): TrackSource | null {
  const srt = set.files.getItems().find((f) => f.kind === 'subtitle');
  return srt ? { fileSetId: set.id, baseName: set.baseName, srtKey: srt.storageKey, srtName: srt.filename, srtBytes: srt.sizeBytes } : null;
}
