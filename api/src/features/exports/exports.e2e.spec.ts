import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { signUp, startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { numberCell, textCell } from './csv-cells.js';
import { seedGoldenProject } from './test-support/golden-project.js';
import { SPEC_STANDARD_HEADER } from './test-support/spec-csv-headers.js';
import { seedProject } from './test-support/seed-results.js';

const GOLDEN_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'golden');
const ROUTES = {
  standard: '/api/projects/csv',
  pond5: '/api/projects/pond5-csv',
  adobe: '/api/projects/adobe-csv',
  shutterstock: '/api/projects/shutterstock-csv',
} as const;

let server: TestServer & { close(): Promise<void> };
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server);
  other = await signUp(server);
  projectId = (await seedGoldenProject(server.services, owner.id)).projectId;
});
afterAll(() => server.close());

/** The raw bytes of a download (the test server's `request` decodes text). */
async function download(p: string, token?: string | null) {
  const res = await fetch(server.url + p, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** RFC 6266/5987 as a browser reads it: filename* wins. */
function dispositionName(header: string | null): string | null {
  const star = /filename\*=UTF-8''([^;]+)/.exec(header ?? '');
  return star ? decodeURIComponent(star[1]!) : null;
}

describe('the four CSVs of a fixed project', () => {
  it.each(Object.keys(ROUTES) as Array<keyof typeof ROUTES>)('%s matches its golden file byte for byte', async (format) => {
    const r = await download(`${ROUTES[format]}/${projectId}`, owner.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const golden = path.join(GOLDEN_DIR, `${format}.csv`);
    if (process.env.UPDATE_GOLDEN === '1') fs.writeFileSync(golden, r.bytes);
    expect(r.bytes.equals(fs.readFileSync(golden))).toBe(true);
    expect(r.headers.get('x-shotlog-export-incomplete')).toBeNull();
    expect(r.headers.get('x-shotlog-export-rows')).toBe('4');
  });

  it('names the files after the project (SPEC §9)', async () => {
    const std = await download(`${ROUTES.standard}/${projectId}`, owner.token);
    const pond5 = await download(`${ROUTES.pond5}/${projectId}`, owner.token);
    expect(std.headers.get('content-disposition')).toBe(`attachment; filename="Golden Project_export.csv"; filename*=UTF-8''Golden%20Project_export.csv`);
    expect(dispositionName(pond5.headers.get('content-disposition'))).toBe('Golden Project_pond5_export.csv');
  });

  it('parses back (csv-parse) to the values GraphQL returns for the same project', async () => {
    const csv = (await download(`${ROUTES.standard}/${projectId}`, owner.token)).bytes.toString('utf8');
    const records: string[][] = parse(csv, { relax_column_count: false });
    expect(records[0]).toEqual(SPEC_STANDARD_HEADER);
    const g = await server.graphql(
      `query($id: ID!) { exportPreview(projectId: $id) { totalFileSets rows { filename hasResult title description keywords adobeCategory shutterstockA shutterstockB latitude longitude city country } } }`,
      { id: projectId },
      owner.token,
    );
    expect(g.errors).toBeUndefined();
    const rows = g.data.exportPreview.rows;
    expect(rows).toHaveLength(4);
    expect(records).toHaveLength(1 + rows.length);
    rows.forEach((r: Record<string, any>, i: number) => {
      // Text cells are the GraphQL values with formula-looking starts neutralized; numbers as numbers.
      expect(records[i + 1]).toEqual([
        textCell(r.filename),
        textCell(r.title),
        textCell(r.description),
        textCell(r.keywords.join(', ')),
        textCell(r.adobeCategory),
        textCell(r.shutterstockA),
        textCell(r.shutterstockB),
        numberCell(r.latitude),
        numberCell(r.longitude),
        textCell(r.city),
        textCell(r.country),
      ]);
    });
    // Spot checks on the data itself, so the comparison above cannot pass on two empty sides.
    expect(records[1]![0]).toBe('DJI_0001.MP4');
    expect(records[1]![1]).toBe('Aerial view of "Old Town", Zürich');
    expect(records[1]![2]).toBe('The drone flies over the Limmat,\nthen rises above the "Grossmünster" towers.');
    expect(records[1]![3]!.split(', ')).toHaveLength(30); // 34 given, 30 kept (SPEC §5)
    expect(records[3]).toEqual(['DJI_0003.MOV', '', '', '', '', '', '', '', '', '', '']); // no result: empty cells
    expect(records[4]![1]).toBe('富士山の空撮 at dawn');
  });

  it('neutralizes formula-looking cells and keeps numeric columns numeric', async () => {
    const csv = (await download(`${ROUTES.standard}/${projectId}`, owner.token)).bytes.toString('utf8');
    const row2: string[] = parse(csv)[2];
    expect(row2[1]).toBe(`'=HYPERLINK("http://evil.example","Click me")`);
    expect(row2[2]).toBe(`'+cmd|' /C calc'!A0`);
    expect(row2[3]!.startsWith("'-2+3, @SUM(A1)")).toBe(true);
    expect(row2[8]).toBe('-3.37');
    expect(csv).toContain(',50.2381,-3.37,Salcombe,');
    const row4: string[] = parse(csv)[4];
    expect(row4[2]).toBe(`'\tSunrise over Mount Fuji; 日の出, seen from the west`);
    // Every text cell of every format: nothing starts with a formula character.
    for (const route of Object.values(ROUTES)) {
      const records: string[][] = parse((await download(`${route}/${projectId}`, owner.token)).bytes.toString('utf8'));
      for (const rec of records) for (const cell of rec) if (!/^-?\d+(\.\d+)?$/.test(cell)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it('serves the same bytes inline through GraphQL exportCsv', async () => {
    const g = await server.graphql(
      `query($id: ID!) { exportCsv(projectId: $id, format: POND5) { fileName content incomplete } }`,
      { id: projectId },
      owner.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.exportCsv.fileName).toBe('Golden Project_pond5_export.csv');
    expect(Buffer.from(g.data.exportCsv.content, 'utf8').equals(fs.readFileSync(path.join(GOLDEN_DIR, 'pond5.csv')))).toBe(true);
  });

  it('adds a BOM only on request', async () => {
    const plain = await download(`${ROUTES.standard}/${projectId}`, owner.token);
    const bom = await download(`${ROUTES.standard}/${projectId}?bom=1`, owner.token);
    expect(plain.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
    expect(bom.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(bom.bytes.subarray(3).equals(plain.bytes)).toBe(true);
  });
});

describe('signed download links', () => {
  it('downloads without an Authorization header, only the export it was made for', async () => {
    const g = await server.graphql(
      `mutation($id: ID!) { exportDownload(projectId: $id, format: STANDARD) { url fileName expiresAt incomplete } }`,
      { id: projectId },
      owner.token,
    );
    expect(g.errors).toBeUndefined();
    const link = g.data.exportDownload;
    expect(link.fileName).toBe('Golden Project_export.csv');
    expect(new Date(link.expiresAt).getTime()).toBeGreaterThan(Date.now());
    const r = await download(link.url, null);
    expect(r.status).toBe(200);
    expect(r.bytes.equals(fs.readFileSync(path.join(GOLDEN_DIR, 'standard.csv')))).toBe(true);
    // The same token on another format's route, or tampered with, is refused.
    const token = new URL(link.url, server.url).searchParams.get('token')!;
    expect((await download(`${ROUTES.pond5}/${projectId}?token=${token}`)).status).toBe(404);
    expect((await download(`${ROUTES.standard}/${projectId}?token=${token.slice(0, -2)}xx`)).status).toBe(401);
  });
});

describe('bad input', () => {
  it("answers 404 for another user's project on every export, as for a missing one", async () => {
    for (const route of Object.values(ROUTES)) {
      expect((await download(`${route}/${projectId}`, other.token)).status).toBe(404);
      expect((await download(`${route}/00000000-0000-4000-8000-000000000000`, owner.token)).status).toBe(404);
    }
    expect((await download(`/api/projects/${projectId}/export-check?format=adobe`, other.token)).status).toBe(404);
    expect((await download(`/api/projects/${projectId}/metadata.zip`, other.token)).status).toBe(404);
    const g = await server.graphql(`mutation($id: ID!) { exportDownload(projectId: $id, format: STANDARD) { url } }`, { id: projectId }, other.token);
    expect(g.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await download(`${ROUTES.standard}/${projectId}`, null)).status).toBe(401);
    expect((await download(`${ROUTES.standard}/not-a-uuid`, owner.token)).status).toBe(400);
    // Pond5 has a check since issue 21; an agency we do not know is still refused.
    expect((await download(`/api/projects/${projectId}/export-check?format=getty`, owner.token)).status).toBe(400);
    expect((await download(`/api/projects/${projectId}/export-check?format=pond5`, other.token)).status).toBe(404);
  });

  it('gives the header only for a project with no file sets', async () => {
    const { projectId: empty } = await seedProject(server.services, { ownerId: owner.id, name: 'Empty', sets: [] });
    expect((await download(`${ROUTES.standard}/${empty}`, owner.token)).bytes.toString()).toBe(
      'originalfilename,Title,Description,Keywords,Adobe_Category,Shutterstock_A,Shutterstock_B,Latitude,Longitude,City,Country\r\n',
    );
    expect((await download(`${ROUTES.pond5}/${empty}`, owner.token)).bytes.toString()).toBe(
      'originalfilename,Title,Description,Keywords,City,Country,containsaudio\r\n',
    );
  });

  it('gives the rows done so far of a project still processing, and says so', async () => {
    const { projectId: busy } = await seedProject(server.services, {
      ownerId: owner.id,
      name: 'Busy',
      status: 'processing',
      sets: [
        { baseName: 'DJI_0100', files: [{ filename: 'DJI_0100.MP4' }], result: { title: 'Done one', keywords: ['a'] } },
        { baseName: 'DJI_0101', files: [{ filename: 'DJI_0101.MP4' }] },
      ],
    });
    const r = await download(`${ROUTES.pond5}/${busy}`, owner.token);
    expect(r.status).toBe(200);
    expect(r.headers.get('x-shotlog-export-incomplete')).toBe('1 of 2 file sets processed so far; the project is still processing');
    expect(r.bytes.toString()).toBe(
      'originalfilename,Title,Description,Keywords,City,Country,containsaudio\r\nDJI_0100.MP4,Done one,,a,,,no\r\nDJI_0101.MP4,,,,,,no\r\n',
    );
    const g = await server.graphql(`mutation($id: ID!) { exportDownload(projectId: $id, format: POND5) { incomplete note } }`, { id: busy }, owner.token);
    expect(g.data.exportDownload).toEqual({ incomplete: true, note: '1 of 2 file sets processed so far; the project is still processing' });
  });

  it.each([
    ['Quotes "and" \\backslash', 'Quotes _and_ _backslash_export.csv'],
    ['a/b\\c/../etc', 'a_b_c_.._etc_export.csv'],
    ['line\r\nbreak\ttab\u0007bell', 'linebreaktabbell_export.csv'],
    ['Zürich 空撮 🚁', 'Zürich 空撮 🚁_export.csv'],
    ['../', '__export.csv'],
    ['\r\n', 'export.csv'],
  ])('gives a safe Content-Disposition for the project name %j', async (name, expected) => {
    const { projectId: id } = await seedProject(server.services, { ownerId: owner.id, name, sets: [] });
    const r = await download(`${ROUTES.standard}/${id}`, owner.token);
    expect(r.status).toBe(200);
    const header = r.headers.get('content-disposition')!;
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+^`|-]+$/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(/filename="([^"]*)"/.exec(header)![1]).not.toMatch(/["\\/]/);
    expect(dispositionName(header)).toBe(expected);
  });
});

describe('agency checks', () => {
  it('lists every row Adobe Stock would refuse, and why (REST and GraphQL agree)', async () => {
    const rest = await server.request('GET', `/api/projects/${projectId}/export-check?format=adobe`, { token: owner.token });
    expect(rest.status).toBe(200);
    const g = await server.graphql(
      `query($id: ID!) { exportCheck(projectId: $id, format: ADOBE) { agency totalRows refusedCount fileProblems rows { rowNumber filename problems warnings } } }`,
      { id: projectId },
      owner.token,
    );
    expect(g.errors).toBeUndefined();
    const check = g.data.exportCheck;
    expect(check).toMatchObject({ agency: 'Adobe Stock', totalRows: 4, refusedCount: 1, fileProblems: [] });
    expect(rest.body.rows.map(({ fileSetId: _id, ...row }: Record<string, unknown>) => row)).toEqual(check.rows);
    const byName = Object.fromEntries(check.rows.map((r: any) => [r.filename, r]));
    expect(byName['DJI_0003.MOV'].problems).toEqual(['No processed result yet', 'Title is required', 'Keywords are required']);
    expect(byName['DJI_0002.MP4'].problems).toEqual([]); // accepted, with advice only
    // The Adobe export drops commas from titles (issue 21) and the check names each change.
    expect(byName['DJI_0002.MP4'].warnings).toEqual([
      'Title changed in this export (Adobe Stock asks for titles without commas): "=HYPERLINK("http://evil.example","Click me")" -> "=HYPERLINK("http://evil.example" "Click me")"',
    ]);
    expect(byName['DJI_0001.MP4'].warnings).toContain(
      'Title changed in this export (Adobe Stock asks for titles without commas): "Aerial view of "Old Town", Zürich" -> "Aerial view of "Old Town" Zürich"',
    );
    expect(byName['DJI_0004.MP4']).toBeUndefined(); // clean rows are not listed
  });

  it('lists every row Shutterstock would refuse, and why', async () => {
    const r = await server.request('GET', `/api/projects/${projectId}/export-check?format=shutterstock`, { token: owner.token });
    expect(r.status).toBe(200);
    // Issue 21: Shutterstock wants titles of 5 words or more; the formula row and the Japanese title have fewer.
    expect(r.body.refusedCount).toBe(3);
    const rows = Object.fromEntries(r.body.rows.map((x: { filename: string }) => [x.filename, x]));
    expect(rows['DJI_0001.MP4']).toMatchObject({
      problems: [],
      warnings: [
        'Title changed in this export (Shutterstock asks for English without accented letters): "Aerial view of "Old Town", Zürich" -> "Aerial view of "Old Town", Zurich"',
        expect.stringMatching(/^Description changed in this export \(Shutterstock asks for English without accented letters\)/),
      ],
    });
    expect(rows['DJI_0002.MP4'].problems).toEqual(['Description (title) has 2 words; Shutterstock wants at least 5']);
    expect(rows['DJI_0004.MP4'].problems).toEqual(['Description (title) has 2 words; Shutterstock wants at least 5']);
    expect(r.body.rows.filter((x: { filename: string }) => x.filename === 'DJI_0003.MOV')).toEqual([
      {
        rowNumber: 3,
        fileSetId: expect.any(String),
        filename: 'DJI_0003.MOV',
        problems: [
          'No processed result yet',
          'Description (title) is required',
          '0 keywords; Shutterstock needs at least 7',
          'At least one Shutterstock category is required',
        ],
        warnings: [],
      },
    ]);
    // The stored result keeps its accents: only the export and the check apply the agency's rules.
    const stored = await server.request('GET', `/api/filesets/${rows['DJI_0001.MP4'].fileSetId}/results`, { token: owner.token });
    expect(stored.body.results.content.title).toBe('Aerial view of "Old Town", Zürich');
  });

  it("says how many keywords each agency's CSV writes a row, as the CSV itself has them (REST and GraphQL)", async () => {
    for (const [format, enumName] of [
      ['adobe', 'ADOBE'],
      ['shutterstock', 'SHUTTERSTOCK'],
      ['pond5', 'POND5'],
    ] as const) {
      const records: string[][] = parse((await download(`${ROUTES[format]}/${projectId}`, owner.token)).bytes.toString('utf8'));
      const column = records[0].indexOf('Keywords');
      const counts = records
        .slice(1)
        .map((r) => r[column])
        .filter((cell) => cell !== '')
        .map((cell) => cell.split(',').filter((k) => k.trim()).length);
      expect(counts.length).toBeGreaterThan(0);
      const expected = { fewest: Math.min(...counts), most: Math.max(...counts) };
      const rest = await server.request('GET', `/api/projects/${projectId}/export-check?format=${format}`, { token: owner.token });
      expect([format, rest.body.keywordsWritten]).toEqual([format, expected]);
      const g = await server.graphql(
        `query($id: ID!) { exportCheck(projectId: $id, format: ${enumName}) { keywordsWritten { fewest most } } }`,
        { id: projectId },
        owner.token,
      );
      expect(g.data.exportCheck.keywordsWritten).toEqual(expected);
    }
  });

  it('checks Pond5 too (REST and GraphQL): 40 to 80 characters, accents kept', async () => {
    const rest = await server.request('GET', `/api/projects/${projectId}/export-check?format=pond5`, { token: owner.token });
    expect(rest.status).toBe(200);
    const g = await server.graphql(
      `query($id: ID!) { exportCheck(projectId: $id, format: POND5) { agency totalRows refusedCount rows { filename problems } } }`,
      { id: projectId },
      owner.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.exportCheck).toMatchObject({ agency: 'Pond5', totalRows: 4 });
    expect(rest.body.refusedCount).toBe(g.data.exportCheck.refusedCount);
    const byName = Object.fromEntries(g.data.exportCheck.rows.map((x: { filename: string }) => [x.filename, x]));
    expect(byName['DJI_0001.MP4'].problems).toEqual(['Title is 33 characters; Pond5 wants at least 40']);
    const bad = await server.request('GET', `/api/projects/${projectId}/export-check?format=getty`, { token: owner.token });
    expect(bad.status).toBe(400);
    expect(bad.body.error ?? bad.body.message).toMatch(/adobe, shutterstock, pond5/);
  });
});
