import type { Project } from '../projects/project.entity.js';
import { presentFile } from '../projects/project.presenter.js';
import { presentSetsRest } from '../file-sets/file-set.presenter.js';
import type { RecordedFile } from '../file-sets/file-recording.js';
import type { RefusedFile, UploadOutcome } from './uploads.service.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function uploadMessage(o: { accepted: unknown[]; refused: unknown[]; fileSets: Array<{ status: string }> }): string {
  const incomplete = o.fileSets.filter((s) => s.status !== 'complete').length;
  let m = `${plural(o.accepted.length, 'file')} uploaded; the project has ${plural(o.fileSets.length, 'file set')}`;
  if (incomplete) m += ` (${incomplete} incomplete)`;
  if (o.refused.length) m += `; ${plural(o.refused.length, 'file')} refused`;
  return m;
}

export function presentAccepted(r: RecordedFile) {
  return { ...presentFile(r.file), sha256: r.file.sha256, fileSetId: r.fileSet.id, baseName: r.fileSet.baseName, replaced: r.replaced };
}

/** The upload answer (SPEC leaves it open): what was kept, what was refused and why, and the sets now. */
export function presentUpload(o: UploadOutcome) {
  const fileSets = presentSetsRest(o.fileSets);
  return {
    message: uploadMessage({ accepted: o.accepted, refused: o.refused, fileSets }),
    project: { id: o.project.id, status: 'uploaded' as Project['status'] },
    accepted: o.accepted.map(presentAccepted),
    refused: o.refused satisfies RefusedFile[],
    fileSets,
    summary: {
      fileSets: fileSets.length,
      complete: fileSets.filter((s) => s.status === 'complete').length,
      incomplete: fileSets.filter((s) => s.status !== 'complete').length,
    },
  };
}
