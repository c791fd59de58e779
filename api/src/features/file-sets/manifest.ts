import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Project } from '../projects/project.entity.js';
import type { FileSet } from './file-set.entity.js';
import { missingSlots, slotOfKind } from './file-kinds.js';

export const MANIFEST_VERSION = 1;

/**
 * The per-project processing manifest (generate-json): every set with its files, the camera
 * type, sizes and SHA-256 hashes; the processing worker reads files by `storageKey`.
 */
export function buildManifest(project: Project, sets: FileSet[], generatedAt: Date) {
  const fileSets = sets.map((s, i) => {
    const files = s.files.getItems();
    return {
      id: s.id,
      index: i + 1,
      baseName: s.baseName,
      status: missingSlots(files.map((f) => f.kind)).length ? 'incomplete' : 'complete',
      files: files
        .map((f) => ({
          id: f.id,
          kind: slotOfKind(f.kind),
          filename: f.filename,
          fileTypeInfo: f.extension,
          contentType: f.contentType,
          sizeBytes: Number(f.sizeBytes),
          sha256: f.sha256,
          storageKey: f.storageKey,
        }))
        .sort((a, b) => ['video', 'jpg', 'srt'].indexOf(a.kind) - ['video', 'jpg', 'srt'].indexOf(b.kind)),
    };
  });
  const all = fileSets.flatMap((s) => s.files);
  return {
    manifestVersion: MANIFEST_VERSION,
    generatedAt: generatedAt.toISOString(),
    project: { id: project.id, name: project.name, description: project.description ?? null, cameraType: project.cameraType },
    cameraType: project.cameraType,
    fileSetCount: fileSets.length,
    fileCount: all.length,
    totalBytes: all.reduce((n, f) => n + f.sizeBytes, 0),
    fileSets,
  };
}

export type ProjectManifest = ReturnType<typeof buildManifest>;

/** DATA_DIR/projects/{id}/manifest.json, written whole or not at all (temp file + rename). */
export function manifestPath(dataDir: string, projectId: string): string {
  return path.join(dataDir, 'projects', projectId, 'manifest.json');
}

export async function writeManifest(dataDir: string, manifest: ProjectManifest): Promise<string> {
  const file = manifestPath(dataDir, manifest.project.id);
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  try {
    await fsp.writeFile(tmp, JSON.stringify(manifest, null, 2));
    await fsp.rename(tmp, file);
  } catch (err) {
    await fsp.rm(tmp, { force: true });
    throw err;
  }
  return file;
}
