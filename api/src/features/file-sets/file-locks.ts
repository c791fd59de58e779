import type { Orm } from '../../platform/db/database.js';
import { conflict } from '../../platform/errors/app-error.js';
import type { Project } from '../projects/project.entity.js';
import type { FileSet } from './file-set.entity.js';

/*
 * When a project's files may change: not in the trash, not while a run processes it (except the sets
 * a run taking sets as they complete has not queued yet). Asked by file sets, under the project's
 * row lock where files are recorded.
 */

/**
 * A run taking sets as they complete holds the sets it queued: their files cannot change until they
 * are done (the other sets of the project stay open for uploads). 409 naming the sets (at most 5).
 */
export async function refuseSetsInProcessing(runs: RunHolds, conn: SqlConnection, projectId: string, sets: readonly FileSet[]): Promise<void> {
  const held = new Set(
    await runs.heldSets(
      conn,
      projectId,
      sets.map((s) => s.id),
    ),
  );
  const names = sets
    .filter((s) => held.has(s.id))
    .map((s) => s.baseName)
    .sort()
    .slice(0, 5);
  if (names.length)
    throw conflict(
      `${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} being processed: ${names.length === 1 ? 'its' : 'their'} files cannot change until processing ends`,
    );
}

/** Why a project's files cannot change now (409), or null. */
export function filesLockedReason(p: Project): string | null {
  if (p.deletedAt) return 'The project is in the trash: restore it before changing its files';
  if (p.status === 'processing') return PROCESSING_LOCK;
  return null;
}

const PROCESSING_LOCK = 'The project is being processed: its files cannot change until processing ends';

/** An entity manager's SQL: inside `transactional` it runs in that transaction. */
export type SqlConnection = Pick<Orm['em'], 'execute'>;

/**
 * What file sets ask of processing about a project's runs, inside their own transaction; typed here,
 * answered by processing's run-holds.ts (passed in by app/compose.ts).
 */
export interface RunHolds {
  /** Of these sets, the ids a running run still holds (a pending or processing job). */
  heldSets(conn: SqlConnection, projectId: string, fileSetIds: readonly string[]): Promise<string[]>;
  /** The project's running run that takes sets as they complete, if any: it keeps uploads open. */
  acceptingRun(conn: SqlConnection, projectId: string): Promise<string | null>;
  hasRunningRun(conn: SqlConnection, projectId: string): Promise<boolean>;
}

/**
 * Why files cannot be added to the project now (409), or null. Like filesLockedReason, except that a
 * run taking sets as they complete keeps the project open for files: the card is still uploading.
 */
export async function uploadLockedReason(runs: RunHolds, conn: SqlConnection, p: Project): Promise<string | null> {
  const locked = filesLockedReason(p);
  if (locked === PROCESSING_LOCK && (await runs.acceptingRun(conn, p.id))) return null;
  return locked;
}
