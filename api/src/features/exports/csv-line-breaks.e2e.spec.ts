/**
 * Line breaks in CSV cells (issue 14, item 5): a result saved with `city: "Porto\n-2+3"` and
 * `final_description: "Harbour at dusk\r@SUM(1+1)"` must come back from every CSV as one row per
 * set with guarded cells, read with a real CSV parser; one-line fields are normalised when saved
 * (a line break becomes a space); a value stored before that rule is still quoted and guarded; and
 * the admin ledger CSV guards an adjustment reason like `=HYPERLINK(...)`.
 */
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { seedProject } from './test-support/seed-results.js';

const ROUTES = ['/api/projects/csv', '/api/projects/pond5-csv', '/api/projects/adobe-csv', '/api/projects/shutterstock-csv'];
const HYPERLINK = '=HYPERLINK("http://evil.example","Click me")';

let server: StartedTestServer;
let adminToken: string;
let owner: Awaited<ReturnType<typeof signUp>>;
let projectId: string;
let fileSetIds: string[];

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'csvadmin', password: 'csvadmin-pass' }));
  owner = await signUp(server);
  ({ projectId, fileSetIds } = await seedProject(server.services, {
    ownerId: owner.id,
    name: 'Line breaks',
    sets: ['DJI_0001', 'DJI_0002', 'DJI_0003'].map((baseName) => ({
      baseName,
      files: [{ filename: `${baseName}.MP4` }, { filename: `${baseName}.JPG` }, { filename: `${baseName}.SRT` }],
      result: { title: `Aerial ${baseName}`, description: 'A plain description', keywords: ['drone', 'coast'], city: 'Lisbon', country: 'Portugal' },
    })),
  }));
});
afterAll(() => server.close());

/** The CSV as a spreadsheet or an agency's importer reads it: records, with RFC 4180 quoting. */
async function records(route: string): Promise<string[][]> {
  const res = await fetch(`${server.url}${route}/${projectId}`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(res.status).toBe(200);
  return parse(await res.text(), { relax_column_count: false }) as string[][];
}

/** No text cell of any record starts, or has a line starting, with a formula character (numbers such as -8.61 are numbers). */
function expectGuarded(rows: string[][]) {
  for (const cell of rows.flat().filter((c) => !/^-?\d+(\.\d+)?$/.test(c))) {
    for (const line of cell.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@\t]/);
  }
}

describe('line breaks in CSV cells', () => {
  it('the reproduction saved through PUT: one row per set in all four CSVs, one-line fields normalised, cells guarded', async () => {
    const put = await server.request('PUT', `/api/filesets/${fileSetIds[1]}/results`, {
      token: owner.token,
      body: {
        content: {
          title: 'Harbour\nat dusk',
          final_description: 'Harbour at dusk\r@SUM(1+1)',
          keywords: ['harbour\nboats', 'dusk'],
          categories: { adobe_category: null, shutterstock_a_category: null, shutterstock_b_category: null },
        },
        metadata: { latitude: 41.14, longitude: -8.61, city: 'Porto\n-2+3', country: 'Portugal\r\n' },
        shot_types: {},
      },
    });
    expect(put.status).toBe(200);
    const saved = (await server.request('GET', `/api/filesets/${fileSetIds[1]}/results`, { token: owner.token })).body;
    const current = saved.results?.current ?? saved.current ?? saved.results ?? saved;
    expect(JSON.stringify(current)).toContain('"city":"Porto -2+3"');
    expect(JSON.stringify(current)).toContain('"country":"Portugal "');
    expect(JSON.stringify(current)).toContain('"title":"Harbour at dusk"');
    expect(JSON.stringify(current)).toContain('"harbour boats"');
    expect(JSON.stringify(current)).toContain('"final_description":"Harbour at dusk\\r@SUM(1+1)"');

    for (const route of ROUTES) {
      const rows = await records(route);
      expect(rows.length).toBe(1 + 3);
      expect(rows.slice(1).map((r) => r[0])).toEqual(['DJI_0001.MP4', 'DJI_0002.MP4', 'DJI_0003.MP4']);
      expectGuarded(rows);
    }
    const standard = await records('/api/projects/csv');
    expect(standard[2]![2]).toBe("Harbour at dusk\r'@SUM(1+1)");
    expect(standard[2]![9]).toBe('Porto -2+3');
  });

  it('a line break stored before the rule (written straight to the database) is quoted and its lines guarded', async () => {
    const db = new pg.Client({ connectionString: server.databaseUrl });
    await db.connect();
    try {
      await db.query(
        `update file_set_results set current = jsonb_set(jsonb_set(current, '{metadata,city}', to_jsonb($2::text)), '{content,title}', to_jsonb($3::text)) where file_set_id = $1`,
        [fileSetIds[2], 'Porto\n-2+3', 'Title\r\n=1+1'],
      );
    } finally {
      await db.end();
    }
    for (const route of ROUTES) {
      const rows = await records(route);
      expect(rows.length).toBe(1 + 3);
      expectGuarded(rows);
    }
    const standard = await records('/api/projects/csv');
    expect(standard[3]![1]).toBe("Title\r\n'=1+1");
    expect(standard[3]![9]).toBe("Porto\n'-2+3");
  });

  it('the admin ledger CSV guards an adjustment reason and keeps amounts numeric', async () => {
    const adjust = await server.request('POST', `/api/admin/users/${owner.id}/credits`, { token: adminToken, body: { amount: -1.5, description: HYPERLINK } });
    expect(adjust.status).toBe(200);
    const multiLine = await server.request('POST', `/api/admin/users/${owner.id}/credits`, {
      token: adminToken,
      body: { amount: 2, description: 'Refund\n@SUM(1+1)' },
    });
    expect(multiLine.status).toBe(200);
    const res = await fetch(`${server.url}/api/admin/ledger/events?format=csv`, { headers: { authorization: `Bearer ${adminToken}` } });
    expect(res.status).toBe(200);
    const rows = parse(await res.text(), { columns: true }) as Array<Record<string, string>>;
    const adjustments = rows.filter((r) => r.type === 'AdminAdjusted' && r.userId === owner.id);
    expect(adjustments.map((r) => [r.amount, r.reason])).toEqual(
      expect.arrayContaining([
        ['-1.50', `'${HYPERLINK}`],
        ['2.00', "Refund\n'@SUM(1+1)"],
      ]),
    );
    for (const r of rows) for (const [k, v] of Object.entries(r)) if (k !== 'amount') expect(v).not.toMatch(/^[=+\-@]|[\r\n][=+\-@]/);
  });
});
