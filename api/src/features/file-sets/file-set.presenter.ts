import type { FileSet } from './file-set.entity.js';
import { presentFileSet } from '../projects/project.presenter.js';

/** Sets as verify-filesets shows them; `resource_uri` too for REST clients (SPEC §7). */
export function presentSetsRest(sets: FileSet[]) {
  return sets.map((s) => {
    const p = presentFileSet(s);
    return { ...p, files: p.files.map((f) => ({ ...f, resource_uri: f.resourceUri })) };
  });
}
