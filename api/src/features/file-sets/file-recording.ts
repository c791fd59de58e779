import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound, conflict } from '../../platform/errors/app-error.js';
import { Project } from '../projects/project.entity.js';
import type { AccountQuotas } from '../quotas/account-quotas.js';
import { FileSet } from './file-set.entity.js';
import { refuseSetsInProcessing, uploadLockedReason, type RunHolds } from './file-locks.js';
import { MediaFile, type MediaKind } from './media-file.entity.js';

/** A file as storage kept it (the files feature's FileStorage writes it). */
export interface StoredFile {
  /** The name storage chose; the only thing ever joined to the storage directory. */
  storageKey: string;
  sizeBytes: number;
  sha256: string;
}

/** A file fully written to storage and not yet recorded. */
export interface IncomingFile {
  filename: string;
  baseName: string;
  extension: string;
  kind: MediaKind;
  contentType: string;
  stored: StoredFile;
}

/** Natural order of base names: digits compare as numbers (DJI_0002 < DJI_0010), then plain code-point order breaks ties. */
const nameCollator = new Intl.Collator('en', { numeric: true });
export const byBaseName = (a: string, b: string): number => nameCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Gives `newSets` (not inserted yet) their positions among the project's sets in base-name order,
 * and moves the existing sets that come after them. Every list of sets (project page, verify step,
 * exports, review, processing order, 'File Set N') orders by position, so it follows the names,
 * not the order uploads finished in (three files at once finish in any order). Called under the
 * project's row lock, so concurrent uploads renumber one after the other.
 */
async function placeInNameOrder(em: EntityManager, projectId: string, newSets: FileSet[]): Promise<void> {
  const rows = await em.execute<Array<{ id: string; base_name: string; position: number }>>(
    'select id, base_name, position from file_sets where project_id = ?',
    [projectId],
  );
  const all = [
    ...rows.map((r) => ({ baseName: r.base_name, id: r.id, was: r.position, set: null as FileSet | null })),
    ...newSets.map((set) => ({ baseName: set.baseName, id: set.id, was: 0, set })),
  ].sort((a, b) => byBaseName(a.baseName, b.baseName));
  const moved: Array<{ id: string; position: number }> = [];
  all.forEach((e, i) => {
    if (e.set) e.set.position = i + 1;
    else if (e.was !== i + 1) moved.push({ id: e.id, position: i + 1 });
  });
  if (moved.length) {
    await em.execute('update file_sets f set position = v.position from json_to_recordset(?::json) as v(id uuid, position int) where f.id = v.id', [
      JSON.stringify(moved),
    ]);
  }
}

export interface RecordedFile {
  file: MediaFile;
  fileSet: FileSet;
  /** The filename of the file of the same kind this one replaced, if any. */
  replaced: string | null;
  /**
   * The set held this very file already (same name, same SHA-256: two tabs sending one card, a
   * batch sent again after a cut): nothing was recorded, the new bytes were dropped.
   */
  alreadyRecorded?: boolean;
}

/**
 * Records stored files into their sets inside `em`'s transaction, the project row locked first (see
 * FileSetsService.record). Answers what was recorded and the stored keys nothing refers to after the
 * commit (replaced files, and new bytes identical to a file the set holds already), for the caller
 * to remove once committed.
 */
export async function recordFiles(
  em: EntityManager,
  deps: { runs: RunHolds; quotas: AccountQuotas },
  projectId: string,
  files: IncomingFile[],
  reservedBytes?: number,
): Promise<{ recorded: RecordedFile[]; unusedKeys: string[] }> {
  const replacedKeys: string[] = [];
  const duplicateKeys: string[] = [];
  const project = await em.findOne(Project, { id: projectId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!project) throw notFound('Project not found');
  const locked = await uploadLockedReason(deps.runs, em, project);
  if (locked) throw conflict(locked);

  const baseNames = [...new Set(files.map((f) => f.baseName))];
  const found = await em.find(FileSet, { project: projectId, baseName: { $in: baseNames } });
  if (project.status === 'processing') await refuseSetsInProcessing(deps.runs, em, projectId, found);
  const sets = new Map(found.map((s) => [s.baseName, s]));
  const existing = sets.size ? await em.find(MediaFile, { fileSet: { $in: [...sets.values()].map((s) => s.id) } }) : [];
  // Plain batch inserts rather than the unit of work: a request may carry thousands of files.
  const newSets: FileSet[] = [];
  for (const baseName of baseNames) {
    if (sets.has(baseName)) continue;
    const set = Object.assign(new FileSet(), { project, baseName, createdAt: new Date() });
    sets.set(baseName, set);
    newSets.push(set);
  }
  if (newSets.length) await placeInNameOrder(em, projectId, newSets);
  const out: RecordedFile[] = [];
  const removed: string[] = [];
  let replacedBytes = 0;
  const fresh: IncomingFile[] = [];
  // A new video makes the still taken from the old one stale (and clears why none could be taken);
  // the same video sent again (same name and bytes) changes nothing.
  const sameAsStored = (f: IncomingFile) =>
    existing.some((m) => m.fileSet.id === sets.get(f.baseName)!.id && m.kind === f.kind && m.filename === f.filename && m.sha256 === f.stored.sha256);
  const newVideoSets = new Set(files.filter((f) => f.kind === 'video' && !sameAsStored(f)).map((f) => sets.get(f.baseName)!.id));
  const newImageSets = new Set(files.filter((f) => f.kind === 'image').map((f) => sets.get(f.baseName)!.id));
  for (const stale of existing.filter((m) => m.fromVideo && newVideoSets.has(m.fileSet.id) && !newImageSets.has(m.fileSet.id))) {
    existing.splice(existing.indexOf(stale), 1);
    removed.push(stale.id);
    replacedKeys.push(stale.storageKey);
    replacedBytes += Number(stale.sizeBytes);
  }
  if (newVideoSets.size)
    await em.nativeUpdate(FileSet, { id: { $in: [...newVideoSets].filter((id) => !newSets.some((n) => n.id === id)) } }, { stillProblem: null });
  for (const f of files) {
    const fileSet = sets.get(f.baseName)!;
    const old = existing.find((m) => m.fileSet.id === fileSet.id && m.kind === f.kind);
    // Identity is content: the same name and bytes again are not a replacement, and never a second record.
    if (old && old.filename === f.filename && old.sha256 === f.stored.sha256) {
      duplicateKeys.push(f.stored.storageKey);
      out.push({ file: old, fileSet, replaced: null, alreadyRecorded: true });
      continue;
    }
    fresh.push(f);
    if (old) {
      existing.splice(existing.indexOf(old), 1);
      removed.push(old.id);
      replacedKeys.push(old.storageKey);
      replacedBytes += Number(old.sizeBytes);
    }
    const file = Object.assign(new MediaFile(), {
      fileSet,
      filename: f.filename,
      extension: f.extension,
      kind: f.kind,
      contentType: f.contentType,
      storageKey: f.stored.storageKey,
      sizeBytes: f.stored.sizeBytes,
      sha256: f.stored.sha256,
      createdAt: new Date(),
    });
    existing.push(file);
    out.push({ file, fileSet, replaced: old?.filename ?? null });
  }
  if (newSets.length) {
    await em.insertMany(
      FileSet,
      newSets.map((s) => ({ id: s.id, project: projectId, baseName: s.baseName, position: s.position, createdAt: s.createdAt })),
    );
  }
  const addedBytes = fresh.reduce((sum, f) => sum + Number(f.stored.sizeBytes), 0) - replacedBytes;
  await deps.quotas.assertStorageRoom(em, project.owner.id, addedBytes, reservedBytes);
  if (removed.length) await em.nativeDelete(MediaFile, { id: { $in: removed } });
  const inserted = out.filter((o) => !o.alreadyRecorded);
  if (!inserted.length) return { recorded: out, unusedKeys: [...replacedKeys, ...duplicateKeys] };
  await em.insertMany(
    MediaFile,
    inserted.map(({ file: m, fileSet }) => ({
      id: m.id,
      fileSet: fileSet.id,
      filename: m.filename,
      extension: m.extension,
      kind: m.kind,
      contentType: m.contentType,
      storageKey: m.storageKey,
      sizeBytes: m.sizeBytes,
      sha256: m.sha256,
      createdAt: m.createdAt,
    })),
  );
  // New files wait for verifying; a processed project keeps its status (a replaced file of a failed set is retried from there).
  if (project.status === 'created' || project.status === 'ready') project.status = 'uploaded';
  return { recorded: out, unusedKeys: [...replacedKeys, ...duplicateKeys] };
}
