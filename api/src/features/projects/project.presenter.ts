import type { MediaFile } from '../file-sets/media-file.entity.js';
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { Project } from './project.entity.js';
import { isProxyExtension } from '../file-sets/file-kinds.js';
import { setReadiness } from '../file-sets/set-readiness.js';
import { fileResourceUri as signedFileUri } from '../files/file-urls.js';

/** A clip is complete with a video, a JPG (uploaded or taken from it) and an SRT (SPEC §3); a photo on its own (set-readiness.ts). */
export function fileSetStatus(fs: FileSet): 'complete' | 'incomplete' {
  return setReadiness(fs).status;
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
    fromVideo: !!f.fromVideo,
  };
}

const KIND_ORDER = { video: 0, image: 1, raw: 2, subtitle: 3 } as const;

export function presentFileSet(fs: FileSet) {
  const files = (fs.files.isInitialized() ? fs.files.getItems() : []).sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  const r = setReadiness(fs);
  return {
    id: fs.id,
    baseName: fs.baseName,
    status: r.status,
    missing: r.missing as string[],
    incompleteReason: r.reason,
    files: files.map(presentFile),
    shape: r.shape,
    processable: r.processable,
    stillFromVideo: r.stillFromVideo,
    stillProblem: fs.stillProblem ?? null,
    withoutTelemetry: !!fs.withoutTelemetry,
    leftOut: !!fs.leftOut,
  };
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
      shape: fs.shape,
      processable: fs.processable,
      stillFromVideo: fs.stillFromVideo,
      stillProblem: fs.stillProblem,
      withoutTelemetry: fs.withoutTelemetry,
      leftOut: fs.leftOut,
      Files: fs.files.map((f) => ({ ...f, resource_uri: f.resourceUri })),
    })),
  };
}
