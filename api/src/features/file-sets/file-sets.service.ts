import { LockMode } from '@mikro-orm/core';
import type { Orm } from '../../platform/db/database.js';
import { badInput, conflict, notFound } from '../../platform/errors/app-error.js';
import type { Logger } from '../../platform/logging/logger.js';
import { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { projectIdsOwnedBySql } from '../projects/project-rows.js';
import { parseId } from '../../platform/validation/ids.js';
import type { User } from '../users/user.entity.js';
import { FileSet } from './file-set.entity.js';
import type { MediaKind } from './media-file.entity.js';
import { recordFiles, type IncomingFile, type RecordedFile } from './file-recording.js';
import { filesLockedReason, uploadLockedReason, type RunHolds } from './file-locks.js';
import { readinessOf, setReadiness } from './set-readiness.js';
import type { StillTaker } from './stills.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import type { Emitter } from '../../platform/events/events.js';
import { buildManifest, writeManifest, type ProjectManifest } from './manifest.js';

/** What file sets ask of the file storage, typed here (the files feature's FileStorage, passed in by app/compose.ts). */
export interface StoredFileRemover {
  remove(storageKey: string): Promise<void>;
}

/** Step 3's choices for some sets (all the project's when `fileSetIds` is empty). */
export interface SetChoice {
  fileSetIds: string[];
  withoutTelemetry?: boolean;
  leftOut?: boolean;
}

/** Sets named in one choice request (a card's worth). */
export const MAX_CHOSEN_SETS = 5000;

/** A set left out of processing, and why ("missing the .SRT telemetry file"). */
export interface LeftOut {
  fileSetId: string;
  baseName: string;
  reason: string;
}

/** A recorded file as uploads compare a card against it (name, size, content). */
export interface RecordedFileSummary {
  fileId: string;
  fileSetId: string;
  filename: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  recordedAt: Date;
}

/** generate-json's answer. */
export const generatedMessage = (leftOut: number) =>
  leftOut ? `Project configuration generated (${leftOut} incomplete file set${leftOut === 1 ? '' : 's'} left out)` : 'Project configuration generated';

/** removeFileSet's answer. */
export const removedMessage = (r: { baseName: string; removedFiles: number }) =>
  `File set ${r.baseName} removed with its ${r.removedFiles} file${r.removedFiles === 1 ? '' : 's'}`;

/**
 * File sets (SPEC §3): files grouped by their shared base filename, one video (MP4 or MOV), one
 * JPG and one SRT each. Uploads over REST and GraphQL, and replacements, are recorded here.
 */
export class FileSetsService {
  constructor(
    private readonly orm: Orm,
    private readonly storage: StoredFileRemover,
    private readonly projects: ProjectsService,
    private readonly dataDir: string,
    private readonly logger: Logger,
    private readonly quotas: AccountQuotas,
    /** 'fileSet.filesRecorded' after files are recorded (processing takes the sets now complete: events/events.ts). */
    private readonly events: Emitter<'fileSet.filesRecorded'>,
    /** Which sets a running run holds (processing's run-holds.ts). */
    private readonly runs: RunHolds,
    /** Stills taken from the videos of sets without a JPG (stills.ts): Verify and generate-json wait for them. */
    private readonly stills: Pick<StillTaker, 'settle'> = { settle: async () => {} },
  ) {}

  /**
   * How many sets the owner's largest project holds (the trash included): the real bound of an
   * unpaged `fileSets` list they can ask for, which the GraphQL limits weigh (graphql/list-bounds.ts).
   */
  async largestProjectSetCount(ownerId: string): Promise<number> {
    const rows = await this.orm.em
      .getConnection()
      .execute<Array<{ n: string | number | null }>>(
        `select max(n) as n from (select count(*) as n from file_sets s where s.project_id in ${projectIdsOwnedBySql('?')} group by s.project_id) t`,
        [ownerId],
      );
    return Number(rows[0]?.n ?? 0);
  }

  /** verify-filesets: the owner's project with every set, its files and what it lacks. */
  async verify(user: User, projectId: unknown): Promise<Project> {
    const owned = await this.projects.getOwned(user, projectId);
    // A clip without a JPG shows complete once its still is taken: wait for those under way or missing.
    if (!owned.deletedAt) await this.stills.settle(owned.id, 'verify');
    return this.projects.getOwned(user, projectId, { includeFiles: true });
  }

  /**
   * Before a processing run picks its sets: the stills still being taken for the owner's project
   * (a clip whose still is under way is complete a moment later, not "missing the JPG").
   */
  async awaitStills(user: User, projectId: unknown): Promise<void> {
    const owned = await this.projects.getOwned(user, projectId);
    if (!owned.deletedAt) await this.stills.settle(owned.id, 'processing');
  }

  /**
   * The user's choices for some of a project's sets (step 3): process a clip without its .SRT, or
   * leave a set (a photo) out. 404 for sets not in the owner's project, 409 while files are locked.
   */
  async choose(user: User, projectId: unknown, choice: SetChoice): Promise<FileSet[]> {
    const project = await this.projects.getOwned(user, projectId);
    const locked = filesLockedReason(project);
    if (locked) throw conflict(locked);
    const ids = choice.fileSetIds.map((id) => parseId(id, 'file set'));
    if (ids.length > MAX_CHOSEN_SETS) throw badInput(`At most ${MAX_CHOSEN_SETS} file sets at once`);
    if (choice.withoutTelemetry === undefined && choice.leftOut === undefined) throw badInput('Say what to change: withoutTelemetry or leftOut');
    const em = this.orm.em.fork();
    const where = ids.length ? { project: project.id, id: { $in: ids } } : { project: project.id };
    const sets = await em.find(FileSet, where);
    if (ids.length && sets.length !== new Set(ids).size) throw notFound('File set not found');
    const change: Partial<Pick<FileSet, 'withoutTelemetry' | 'leftOut'>> = {};
    if (choice.withoutTelemetry !== undefined) change.withoutTelemetry = choice.withoutTelemetry;
    if (choice.leftOut !== undefined) change.leftOut = choice.leftOut;
    if (sets.length) await em.nativeUpdate(FileSet, { id: { $in: sets.map((s) => s.id) } }, change);
    return this.setsOfProject(project.id);
  }

  /**
   * generate-json: writes the processing manifest under the data dir and answers it; the project
   * becomes 'ready'. Every set must be complete (the wizard's Continue rule, enforced here too)
   * unless `completeOnly`: then the manifest holds the complete sets and names those left out.
   */
  async generateManifest(user: User, projectId: unknown, opts: { completeOnly?: boolean } = {}): Promise<{ manifest: ProjectManifest; leftOut: LeftOut[] }> {
    const owned = await this.projects.getOwned(user, projectId);
    const locked = filesLockedReason(owned);
    if (locked) throw conflict(locked);
    await this.stills.settle(owned.id, 'generate-json');
    const project = await this.projects.getOwned(user, projectId, { includeFiles: true });
    const sets = project.fileSets.getItems();
    if (!sets.length) throw conflict('The project has no file sets yet: upload files first');
    // Photos and clips chosen to go without telemetry count; a set the user left out never blocks.
    const incomplete = sets.filter((s) => {
      const r = setReadiness(s);
      return !r.processable && !s.leftOut;
    });
    if (incomplete.length && !opts.completeOnly) {
      const names = incomplete.slice(0, 5).map((s) => {
        const r = setReadiness(s);
        return `${s.baseName} (${s.stillProblem ? `no still from the video: ${s.stillProblem}` : `missing ${r.missing.join(', ')}`})`;
      });
      throw conflict(`Every file set must be complete: ${names.join('; ')}${incomplete.length > 5 ? ` and ${incomplete.length - 5} more` : ''}`);
    }
    const taken = sets.filter((s) => setReadiness(s).processable);
    if (!taken.length) throw conflict('No file set is complete: each set needs a video (MP4 or MOV), a JPG and an SRT');
    const leftOut = sets.filter((s) => !taken.includes(s));
    const manifest = buildManifest(project, taken, new Date());
    await writeManifest(this.dataDir, manifest);
    const em = this.orm.em.fork();
    await em.nativeUpdate(Project, { id: project.id, status: { $in: ['created', 'uploaded'] } }, { status: 'ready' });
    return { manifest, leftOut: leftOut.map((s) => ({ fileSetId: s.id, baseName: s.baseName, reason: setReadiness(s).leftOutReason ?? 'incomplete' })) };
  }

  /**
   * Removes one of the owner's sets with its files (their bytes too) and anything made from it:
   * 404 for others, 409 with the reason in the trash or while the project is processing.
   */
  async removeFileSet(user: User, rawId: unknown): Promise<{ fileSetId: string; baseName: string; removedFiles: number; projectId: string }> {
    const owned = await this.getOwnedFileSet(user, rawId);
    const removed = await this.orm.em.fork().transactional(async (em) => {
      // The same row lock as a processing start, so a set never leaves a run that is being started.
      const project = await em.findOne(Project, { id: owned.project.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!project) throw notFound('File set not found');
      const running = await this.runs.hasRunningRun(em, project.id);
      const locked = filesLockedReason(project) ?? (running ? 'The project is being processed: its file sets cannot be removed until processing ends' : null);
      if (locked) throw conflict(locked);
      return em.nativeDelete(FileSet, { id: owned.id });
    });
    if (!removed) throw notFound('File set not found');
    // Deleting the set cascades to its files' rows; the trigger's tombstones name the bytes to remove.
    await this.sweepDeletedFiles();
    return { fileSetId: owned.id, baseName: owned.baseName, removedFiles: owned.files.count(), projectId: owned.project.id };
  }

  /** The owner's project, open for new files: 404 for others, 409 in the trash or while processing. */
  async projectForUpload(user: User, projectId: unknown): Promise<Project> {
    const project = await this.projects.getOwned(user, projectId);
    const locked = await uploadLockedReason(this.runs, this.orm.em.fork(), project);
    if (locked) throw conflict(locked);
    // A full account is refused before any byte streams; the exact check is made when recording.
    await this.quotas.assertStorageNotFull(this.orm.em.fork(), user.id);
    return project;
  }

  /** The owner's file set with its project and files; another user's answers 404 like a missing one. */
  async getOwnedFileSet(user: User, rawId: unknown): Promise<FileSet> {
    const id = parseId(rawId, 'file set');
    const em = this.orm.em.fork();
    const fs = await em.findOne(FileSet, { id, project: { owner: user.id } }, { populate: ['project', 'files'] });
    if (!fs) throw notFound('File set not found');
    return fs;
  }

  /**
   * Records stored files into their sets, in one transaction under a lock on the project, so
   * concurrent uploads to one project never make two files of a kind in a set. A file of a kind
   * the set already has replaces it; the replaced bytes are removed once the change is committed.
   * Sets are numbered in the natural order of their base names (DJI_0002 before DJI_0010), whatever
   * order their files finish in: a new set takes its place among the existing ones (placeInNameOrder).
   * `reservedBytes`: what the caller already holds against the storage quota for these files (a
   * finishing resumable upload's reservation), so they are not counted twice.
   */
  async record(projectId: string, files: IncomingFile[], opts: { reservedBytes?: number } = {}): Promise<RecordedFile[]> {
    const { recorded, unusedKeys } = await this.orm.em
      .fork()
      .transactional((em) => recordFiles(em, { runs: this.runs, quotas: this.quotas }, projectId, files, opts.reservedBytes));
    await this.removeStored(unusedKeys);
    await this.sweepDeletedFiles();
    if (recorded.some((r) => !r.alreadyRecorded)) await this.events.emit('fileSet.filesRecorded', { projectId });
    return recorded;
  }

  /** The project's recorded files named `filenames` (all of them when omitted), to compare a card against. */
  async recordedFiles(projectId: string, filenames?: readonly string[]): Promise<RecordedFileSummary[]> {
    if (filenames && !filenames.length) return [];
    const rows = await this.orm.em
      .getConnection()
      .execute<
        Array<{ id: string; file_set_id: string; filename: string; size_bytes: string | number; sha256: string; storage_key: string; created_at: Date }>
      >(
        `select m.id, m.file_set_id, m.filename, m.size_bytes, m.sha256, m.storage_key, m.created_at from media_files m join file_sets s on s.id = m.file_set_id
        where s.project_id = ?${filenames ? ' and m.filename in (?)' : ''}`,
        filenames ? [projectId, [...filenames]] : [projectId],
      );
    return rows.map((r) => ({
      fileId: r.id,
      fileSetId: r.file_set_id,
      filename: r.filename,
      sizeBytes: Number(r.size_bytes),
      sha256: r.sha256,
      storageKey: r.storage_key,
      recordedAt: new Date(r.created_at),
    }));
  }

  /**
   * Per project, how many sets block Continue (set-readiness.ts: not processable and not left out;
   * a photo never does), for the dashboard.
   */
  async incompleteSetCounts(projectIds: readonly string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>(projectIds.map((id) => [id, 0]));
    if (!projectIds.length) return out;
    const rows = await this.orm.em.getConnection().execute<
      Array<{
        project_id: string;
        kinds: MediaKind[] | null;
        from_video: boolean;
        still_problem: string | null;
        without_telemetry: boolean;
        left_out: boolean;
      }>
    >(
      `select s.project_id, array_remove(array_agg(distinct m.kind), null) as kinds, coalesce(bool_or(m.from_video), false) as from_video,
              s.still_problem, s.without_telemetry, s.left_out
         from file_sets s left join media_files m on m.file_set_id = s.id
        where s.project_id in (?) group by s.id, s.project_id`,
      [[...projectIds]],
    );
    for (const r of rows) {
      const files = (r.kinds ?? []).map((kind) => ({ kind, fromVideo: kind === 'image' && r.from_video }));
      const ready = readinessOf(files, { stillProblem: r.still_problem, withoutTelemetry: r.without_telemetry, leftOut: r.left_out });
      if (!ready.processable && !r.left_out) out.set(r.project_id, (out.get(r.project_id) ?? 0) + 1);
    }
    return out;
  }

  /** A project's sets with their files, in set order (for answers after a change). */
  async setsOfProject(projectId: string): Promise<FileSet[]> {
    const em = this.orm.em.fork();
    return em.find(FileSet, { project: projectId }, { populate: ['files'], orderBy: { position: 'asc', baseName: 'asc' } });
  }

  /**
   * Removes the bytes of deleted rows (the tombstones a trigger leaves: replacements, projects or
   * users deleted for good). A key is forgotten only once its bytes are gone.
   */
  async sweepDeletedFiles(): Promise<number> {
    const conn = this.orm.em.getConnection();
    const rows = await conn.execute<Array<{ storage_key: string }>>('select storage_key from deleted_media_files order by deleted_at limit 10000');
    let removed = 0;
    for (const { storage_key: key } of rows) {
      try {
        await this.storage.remove(key);
        await conn.execute('delete from deleted_media_files where storage_key = ?', [key]);
        removed++;
      } catch (err) {
        this.logger.warn({ err, storageKey: key }, 'could not remove a deleted file');
      }
    }
    return removed;
  }

  /** Whether a recorded file is stored under `storageKey` (a finished resumable upload in the bucket is its file's object). */
  async isStored(storageKey: string): Promise<boolean> {
    const rows = await this.orm.em.getConnection().execute<Array<{ one: number }>>('select 1 as one from media_files where storage_key = ? limit 1', [storageKey]);
    return rows.length > 0;
  }

  /** Removes stored bytes nothing refers to any more; a failure only leaves an orphan, so it is logged. */
  async removeStored(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((k) => this.storage.remove(k).catch((err: unknown) => this.logger.warn({ err, storageKey: k }, 'could not remove stored file'))),
    );
  }
}
