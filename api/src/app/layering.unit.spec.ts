// The API's folders keep their layers (issue 17): plumbing imports no feature, and the whole import
// graph has at most a few arrows against the layering (feature cycles that entities make mutual).
// `node scripts/import-graph.mjs --list` names them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error -- a plain ES module script shared with the command line
import { importGraph, PLUMBING } from '../../../scripts/import-graph.mjs';

interface Arrow {
  from: string;
  to: string;
  imports: string[];
  against?: string;
  plumbingToFeature: boolean;
}

const arrows = (importGraph as () => Arrow[])();
const show = (list: Arrow[]) => list.map((a) => `${a.from} -> ${a.to} (${a.imports.join(', ')})`);

describe('the API import graph', () => {
  it('has plumbing folders that import no feature', () => {
    expect(show(arrows.filter((a) => a.plumbingToFeature))).toEqual([]);
    expect((PLUMBING as Set<string>).has('platform/http')).toBe(true);
  });

  it('has the layers in its tree: every folder of api/src is one of the layers, every platform folder is plumbing', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const folders = (dir: string) =>
      fs
        .readdirSync(path.join(src, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name);
    expect(folders('.').sort()).toEqual(['adapters', 'analysis', 'app', 'features', 'platform', 'startup']);
    expect(folders('platform').filter((f) => !(PLUMBING as Set<string>).has(`platform/${f}`))).toEqual([]);
  });

  it('has no feature importing the composition root, and at most 4 arrows against the layering', () => {
    // Two circles of two arrows: FileSet.project / Project.fileSets (entities that refer to each other), and
    // exports <-> review (review checks rows against the agency rules; exports apply review's keyword rules).
    // api/src/main.ts and worker.ts are the entry points: one import of app/ each.
    expect(show(arrows.filter((a) => (a.to === 'app' || a.to === '(root)') && a.from !== '(root)'))).toEqual([]);
    expect(arrows.filter((a) => a.against).length).toBeLessThanOrEqual(4);
  });
});
