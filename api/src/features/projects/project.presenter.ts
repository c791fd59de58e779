import type { MediaFile } from '../file-sets/media-file.entity.js';
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { Project } from './project.entity.js';
import { incompleteReason, isProxyExtension, missingSlots } from '../file-sets/file-kinds.js';
import { fileResourceUri as signedFileUri } from '../files/file-urls.js';

/** A set is complete with a video, a JPG and an SRT (SPEC §3). */
export function fileSetStatus(fs: FileSet): 'complete' | 'incomplete' {
  const kinds = new Set(fs.files.isInitialized() ? fs.files.getItems().map((f) => f.kind) : []);
  return kinds.has('video') && kinds.has('image') && kinds.has('subtitle') ? 'complete' : 'incomplete';
}

/** The file-serving route, signed for the owner (usable directly in <video>/<img>). */
export const fileResourceUri = (f: MediaFile) => signedFileUri(f.id);

export function presentFile(f: MediaFile) {
  return {
    id: f.id,
    filename: f.filename,
    fileTypeInfo: f.extension,
    resourceUri: fileResourceUri(f),
    sizeBytes: Number(f.sizeBytes),
    proxy: isProxyExtension(f.extension),
  };
}

const KIND_ORDER = { video: 0, image: 1, subtitle: 2 } as const;

export function presentFileSet(fs: FileSet) {
  const files = (fs.files.isInitialized() ? fs.files.getItems() : []).sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const missing = missingSlots(files.map((f) => f.kind));
  return { id: fs.id, baseName: fs.baseName, status: fileSetStatus(fs), missing, incompleteReason: incompleteReason(missing), files: files.map(presentFile) };
}

/** The GraphQL shape of a project. */
export function presentProject(p: Project) {
  const sets = p.fileSets.isInitialized() ? p.fileSets.getItems() : [];
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    cameraType: p.cameraType,
    status: p.status,
    createdAt: p.createdAt,
    deletedAt: p.deletedAt ?? null,
    fileSetCount: sets.length,
    fileSets: sets.map(presentFileSet),
  };
}

/** The REST shape of SPEC §7: snake_case date, capitalised FileSets / Files, resource_uri too. */
export function presentProjectRest(p: Project) {
  const g = presentProject(p);
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    cameraType: g.cameraType,
    status: g.status,
    created_at: g.createdAt,
    createdAt: g.createdAt,
    deletedAt: g.deletedAt,
    fileSetCount: g.fileSetCount,
    FileSets: g.fileSets.map((fs) => ({
      id: fs.id,
      baseName: fs.baseName,
      status: fs.status,
      missing: fs.missing,
      incompleteReason: fs.incompleteReason,
      Files: fs.files.map((f) => ({ ...f, resource_uri: f.resourceUri })),
    })),
  };
}
