/**
 * Which sets a run takes: 'unprocessed' (Start processing) takes the complete sets never processed
 * (no result, no job yet); 'failed' (Retry failed sets) takes the sets whose latest job failed and
 * that have no result. Incomplete sets in scope are left out, with the reason the estimate shows.
 * Pure: the caller reads the jobs' states and the sets with a result.
 */
import { setReadiness } from '../file-sets/set-readiness.js';
import type { FileSet } from '../file-sets/file-set.entity.js';
import type { Project } from '../projects/project.entity.js';
import { setFiles } from './file-set-files.js';
import type { JobProgress } from './progress.js';

/** What a run takes: the never-processed complete sets (Start processing) or the failed ones (Retry failed sets). */
export type { RunScope } from '../file-sets/run-estimate.js';
import type { RunScope } from '../file-sets/run-estimate.js';

export interface LeftOutSet {
  fileSetId: string;
  baseName: string;
  /** Why, for people: "missing the .SRT telemetry file". */
  reason: string;
}

export interface RunSelection {
  sets: FileSet[];
  leftOut: LeftOutSet[];
}

export function selectSets(project: Project, scope: RunScope, jobs: ReadonlyMap<string, JobProgress>, processed: ReadonlySet<string>): RunSelection {
  const all = project.fileSets.getItems();
  const sets: FileSet[] = [];
  const leftOut: LeftOutSet[] = [];
  for (const fs of all) {
    const job = jobs.get(fs.id);
    const inScope = processed.has(fs.id) ? false : scope === 'failed' ? job?.status === 'failed' : !job;
    if (!inScope) continue;
    if (setFiles(fs)) sets.push(fs);
    else
      leftOut.push({
        fileSetId: fs.id,
        baseName: fs.baseName,
        reason: setReadiness(fs).leftOutReason ?? 'incomplete',
      });
  }
  return { sets, leftOut };
}
