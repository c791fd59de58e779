// The web app's folders keep their layers (issue 29), as api/src/app/layering.unit.spec.ts does for
// the API: app/ is the root (routes, nav bar, providers) and only the entry point imports it;
// client/ is how the app talks to the API and imports no screen; ui/ is shared and imports no feature.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every source file under web/src but the generated gql/, as a path relative to web/src. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' && dir === SRC ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full)] : [];
  });
}

/** The top-level folder of web/src a file belongs to ('(root)' for main.tsx). */
const folderOf = (file: string) => (file.includes(path.sep) ? file.split(path.sep)[0] : '(root)');

/** Static imports, re-exports and dynamic import() of relative paths, as web/src-relative targets. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specifiers.map((s) => path.relative(SRC, path.resolve(SRC, path.dirname(file), s)));
}

interface Arrow {
  from: string;
  to: string;
}

const arrows: Arrow[] = sourceFiles().flatMap((from) => importsOf(from).map((to) => ({ from, to })));
const between = (fromFolders: string[], toFolders: string[]) =>
  arrows.filter((a) => fromFolders.includes(folderOf(a.from)) && toFolders.includes(folderOf(a.to))).map((a) => `${a.from} -> ${a.to}`);

describe('the web app import rules', () => {
  it('reads the source tree it checks', () => {
    const folders = new Set(sourceFiles().map(folderOf));
    for (const f of ['app', 'client', 'modules', 'pages', 'ui']) expect(folders.has(f)).toBe(true);
    expect(arrows.length).toBeGreaterThan(100);
  });

  it('has only the entry point importing the root (app/)', () => {
    expect(arrows.filter((a) => folderOf(a.to) === 'app' && folderOf(a.from) !== 'app' && a.from !== 'main.tsx').map((a) => `${a.from} -> ${a.to}`)).toEqual(
      [],
    );
  });

  it('has features (modules/) and shared UI (ui/) importing no page', () => {
    expect(between(['modules', 'ui'], ['pages'])).toEqual([]);
  });

  it('has shared UI (ui/) importing no feature and no client plumbing', () => {
    expect(between(['ui'], ['modules', 'client'])).toEqual([]);
  });

  it('has the client plumbing (client/) importing no feature, page or UI', () => {
    expect(between(['client'], ['modules', 'pages', 'ui', 'app'])).toEqual([]);
  });

  it('builds the bearer header in one place (client/auth-header.ts)', () => {
    const building = sourceFiles().filter((f) => /`Bearer \$\{/.test(readFileSync(path.join(SRC, f), 'utf8')));
    expect(building).toEqual([path.join('client', 'auth-header.ts')]);
  });
});
