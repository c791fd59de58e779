/**
 * Review (issue 20) over real HTTP and GraphQL: keyword rules, bulk actions with their refusals,
 * the edit history and undo, the grid's keyset pages, and the rules where results are saved and
 * exports written.
 */
import { seedProject, type SeedFileSet } from '../exports/test-support/seed-results.js';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';
import { processedResult } from '../exports/test-support/seed-results.js';

let server: StartedTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const set = (i: number, extra: Partial<NonNullable<SeedFileSet['result']>> = {}): SeedFileSet => ({
  baseName: `DJI_${String(i).padStart(4, '0')}`,
  files: [{ filename: `DJI_${String(i).padStart(4, '0')}.MP4` }],
  result: { title: `Harbour ${i}`, description: `Boats ${i}`, keywords: ['boat', 'harbour'], city: i % 2 ? 'Porto' : 'Lisbon', country: 'Portugal', ...extra },
});

async function project(n = 4, extra: SeedFileSet[] = []) {
  const u = await signUp(server);
  const seeded = await seedProject(server.services, { ownerId: u.id, name: 'Review', sets: [...Array.from({ length: n }, (_, i) => set(i + 1)), ...extra] });
  return { ...u, ...seeded };
}

const BULK = `fragment R on BulkEditResult { actionId matched changed unchanged refused { fileSetId baseName reason } }`;
const ADD = `${BULK} mutation($s: ReviewSelectionInput!, $k: [String!]!, $p: KeywordPosition) { addKeywords(selection: $s, keywords: $k, position: $p) { ...R } }`;
const SETS = `query($p: ID!, $first: Int, $after: String, $filter: ReviewFilterInput, $sort: ReviewSort, $desc: Boolean) {
  reviewSets(projectId: $p, first: $first, after: $after, filter: $filter, sort: $sort, descending: $desc) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { id baseName filename status title keywords keywordCount city shotTypes } } } }`;
const RULES = `mutation($p: ID!, $r: KeywordRulesInput!) { setKeywordRules(projectId: $p, rules: $r) { alwaysInclude neverInclude synonyms { from to } maxPerAgency { adobe shutterstock pond5 } } }`;

async function keywordsOf(token: string, fileSetId: string): Promise<string[]> {
  const r = await server.request('GET', `/api/filesets/${fileSetId}/results`, { token });
  return r.body.results?.content?.keywords ?? r.body.content?.keywords;
}

describe('keyword rules', () => {
  it('are saved and read back over GraphQL and REST, with clear refusals', async () => {
    const p = await project(1);
    const saved = await server.graphql(
      RULES,
      {
        p: p.projectId,
        r: { alwaysInclude: ['Portugal'], neverInclude: ['nobody'], synonyms: [{ from: 'drone footage', to: 'aerial footage' }], maxPerAgency: { adobe: 25 } },
      },
      p.token,
    );
    expect(saved.errors).toBeUndefined();
    expect(saved.data.setKeywordRules.maxPerAgency).toEqual({ adobe: 25, shutterstock: null, pond5: null });
    const rest = await server.request('GET', `/api/projects/${p.projectId}/review/rules`, { token: p.token });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ alwaysInclude: ['Portugal'], synonyms: [{ from: 'drone footage', to: 'aerial footage' }] });

    const dup = await server.graphql(RULES, { p: p.projectId, r: { alwaysInclude: ['Boat', 'boats'] } }, p.token);
    expect(dup.errors?.[0]).toMatchObject({ message: "Always-include lists 'boats' twice (as 'Boat')", extensions: { code: 'BAD_USER_INPUT' } });
    const empty = await server.request('PUT', `/api/projects/${p.projectId}/review/rules`, { token: p.token, body: { neverInclude: ['ok', ''] } });
    expect(empty.status).toBe(400);
    expect(empty.body.message ?? empty.body.error).toMatch('Never-include entry 2 is empty');
    // Too many entries: refused by the count, naming the limit and the value, on both transports.
    const many = Array.from({ length: 20_000 }, (_, i) => `keyword ${i}`);
    const tooMany = await server.request('PUT', `/api/projects/${p.projectId}/review/rules`, { token: p.token, body: { neverInclude: ['x', 'x', ...many] } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message ?? tooMany.body.error).toBe('Never-include holds 20002 entries; the limit is 200');
    const tooManyGql = await server.graphql(RULES, { p: p.projectId, r: { synonyms: many.slice(0, 201).map((k) => ({ from: k, to: 'sea' })) } }, p.token);
    expect(tooManyGql.errors?.[0]).toMatchObject({ message: '201 synonyms were sent; the limit is 200', extensions: { code: 'BAD_USER_INPUT' } });
    // Refusals changed nothing.
    expect((await server.request('GET', `/api/projects/${p.projectId}/review/rules`, { token: p.token })).body.alwaysInclude).toEqual(['Portugal']);
  });

  it("are another user's business: 404 for their project, nothing changed", async () => {
    const p = await project(1);
    const other = await signUp(server);
    const r = await server.graphql(RULES, { p: p.projectId, r: { alwaysInclude: ['x'] } }, other.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await server.request('GET', `/api/projects/${p.projectId}/review/rules`, { token: other.token })).status).toBe(404);
    expect((await server.request('GET', `/api/projects/${p.projectId}/review/rules`, { token: p.token })).body.alwaysInclude).toEqual([]);
  });

  it('apply when the pipeline saves a result (ordered, synonyms merged; the stored cap stays 30)', async () => {
    const p = await project(0, [{ baseName: 'DJI_0100', files: [{ filename: 'DJI_0100.MP4' }] }]);
    await server.graphql(
      RULES,
      { p: p.projectId, r: { alwaysInclude: ['4k'], synonyms: [{ from: 'drone footage', to: 'aerial footage' }], maxPerAgency: { shutterstock: 4 } } },
      p.token,
    );
    const generated = processedResult({
      title: 'Coast',
      keywords: ['nature', 'drone footage', 'lighthouse', 'Porto', 'Lighthouses', 'cliff'],
      city: 'Porto',
      country: 'Portugal',
    });
    await server.services.results.saveGenerated({
      fileSetId: p.fileSetIds[0]!,
      projectId: p.projectId,
      result: generated,
      titleCandidates: ['Coast'],
      fallbackSuffix: 'DJI_0100',
      provider: 'offline',
      analysis: {},
    });
    // Ordered and ruled, but not cut by Shutterstock's 4: an agency maximum cuts its export only.
    expect(await keywordsOf(p.token, p.fileSetIds[0]!)).toEqual(['Porto', 'lighthouse', 'cliff', 'aerial footage', 'nature', '4k']);
  });

  it('apply when an export is written, and the agency check says which rows they changed', async () => {
    const p = await project(2);
    await server.graphql(RULES, { p: p.projectId, r: { neverInclude: ['harbour'], maxPerAgency: { adobe: 1 } } }, p.token);
    const csv = await server.request('GET', `/api/projects/adobe-csv/${p.projectId}`, { token: p.token });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Harbour 1');
    expect(csv.body).not.toContain('harbour,');
    const check = await server.request('GET', `/api/projects/${p.projectId}/export-check?format=adobe`, { token: p.token });
    expect(check.body.rows[0].warnings).toContain('Keyword rules changed this row: 1 never-include keyword removed');
    const preview = await server.graphql(
      `query($p: ID!) { exportPreview(projectId: $p) { rows { keywords keywordRuleChanges } } }`,
      { p: p.projectId },
      p.token,
    );
    expect(preview.data.exportPreview.rows[0]).toEqual({ keywords: ['boat'], keywordRuleChanges: ['1 never-include keyword removed'] });
  });

  it('keep their promises: an always-include keyword survives the Pond5 cut of 10 on every row; the cut refuses no bulk action', async () => {
    const many = Array.from({ length: 22 }, (_, i) => `subject ${i + 1}`);
    const p = await project(
      0,
      Array.from({ length: 12 }, (_, i) => set(i + 1, { keywords: many })),
    );
    await server.graphql(RULES, { p: p.projectId, r: { alwaysInclude: ['Portugal'], maxPerAgency: { pond5: 10 } } }, p.token);
    // A bulk action appends the always-include keyword at the end (23 keywords, under SPEC's 30).
    const add = await server.graphql(ADD, { s: { projectId: p.projectId, fileSetIds: p.fileSetIds }, k: ['dusk'], p: 'END' }, p.token);
    expect(add.data.addKeywords).toMatchObject({ changed: 12, refused: [] });
    expect(await keywordsOf(p.token, p.fileSetIds[0]!)).toHaveLength(24);
    // Categories are never refused for keywords (it used to say "It would have 24 keywords; the limit is 10").
    const cat = await server.graphql(
      `mutation($s: ReviewSelectionInput!) { setCategories(selection: $s, adobeCategory: "Travel") { changed refused { reason } } }`,
      { s: { projectId: p.projectId, fileSetIds: p.fileSetIds } },
      p.token,
    );
    expect(cat.data.setCategories).toEqual({ changed: 12, refused: [] });
    const csv = await server.request('GET', `/api/projects/pond5-csv/${p.projectId}`, { token: p.token });
    expect(csv.status).toBe(200);
    const rows = String(csv.body).trim().split(/\r?\n/).slice(1);
    expect(rows).toHaveLength(12);
    expect(rows.filter((r) => !r.includes('Portugal'))).toEqual([]);
  });

  it('make the export itself say which rows they changed: response headers, exportDownload and exportCsv; the columns stay', async () => {
    const plain = await project(2);
    const before = await server.request('GET', `/api/projects/adobe-csv/${plain.projectId}`, { token: plain.token });
    expect(before.headers.get('x-shotlog-keyword-rule-rows')).toBe('0');
    expect(before.headers.get('x-shotlog-keyword-rule-files')).toBeNull();

    const p = await project(3, [set(4, { keywords: ['sea'] })]);
    await server.graphql(RULES, { p: p.projectId, r: { neverInclude: ['harbour'] } }, p.token);
    const csv = await server.request('GET', `/api/projects/adobe-csv/${p.projectId}`, { token: p.token });
    expect(csv.headers.get('x-shotlog-keyword-rule-rows')).toBe('3');
    expect(csv.headers.get('x-shotlog-keyword-rule-files')).toBe('DJI_0001.MP4,DJI_0002.MP4,DJI_0003.MP4');
    expect(csv.headers.get('access-control-expose-headers')).toContain('X-Shotlog-Keyword-Rule-Files');
    // SPEC's columns, in SPEC's order: the file is not where the news goes.
    expect(csv.body.split('\n')[0]).toBe(before.body.split('\n')[0]);
    const zip = await server.request('GET', `/api/projects/${p.projectId}/metadata.zip`, { token: p.token });
    expect(zip.headers.get('x-shotlog-keyword-rule-rows')).toBe('3');

    const link = await server.graphql(
      `mutation($p: ID!) { exportDownload(projectId: $p, format: STANDARD) { url keywordRuleChanges { rowCount rows { fileSetId filename changes } } } }`,
      { p: p.projectId },
      p.token,
    );
    expect(link.errors).toBeUndefined();
    expect(link.data.exportDownload.keywordRuleChanges.rowCount).toBe(3);
    expect(link.data.exportDownload.keywordRuleChanges.rows[0]).toEqual({
      fileSetId: p.fileSetIds[0],
      filename: 'DJI_0001.MP4',
      changes: ['1 never-include keyword removed'],
    });
    const viaLink = await server.request(
      'GET',
      new URL(link.data.exportDownload.url, server.url).pathname + new URL(link.data.exportDownload.url, server.url).search,
    );
    expect(viaLink.headers.get('x-shotlog-keyword-rule-rows')).toBe('3');
    const inline = await server.graphql(
      `query($p: ID!) { exportCsv(projectId: $p, format: POND5) { keywordRuleChanges { rowCount rows { filename } } } }`,
      { p: p.projectId },
      p.token,
    );
    expect(inline.data.exportCsv.keywordRuleChanges).toEqual({
      rowCount: 3,
      rows: [{ filename: 'DJI_0001.MP4' }, { filename: 'DJI_0002.MP4' }, { filename: 'DJI_0003.MP4' }],
    });
  });
});

describe('bulk actions', () => {
  it('add keywords to the selection in one transaction, refusing sets over the limit or without a result, and undo', async () => {
    const full = Array.from({ length: 28 }, (_, i) => `k${i + 1}`);
    const p = await project(3, [{ baseName: 'DJI_0099', files: [{ filename: 'DJI_0099.MP4' }] }, set(4, { keywords: full })]);
    // An agency maximum refuses nothing: only SPEC's 30 does.
    await server.graphql(RULES, { p: p.projectId, r: { maxPerAgency: { pond5: 5 } } }, p.token);
    const r = await server.graphql(ADD, { s: { projectId: p.projectId, fileSetIds: p.fileSetIds }, k: ['dusk', 'Boats', 'sea'], p: 'START' }, p.token);
    expect(r.errors).toBeUndefined();
    const out = r.data.addKeywords;
    expect(out).toMatchObject({ matched: 5, changed: 3, unchanged: 0 });
    expect(out.refused.map((x: { baseName: string; reason: string }) => `${x.baseName}: ${x.reason}`)).toEqual([
      'DJI_0099: No result yet',
      'DJI_0004: It would have 31 keywords; the limit is 30',
    ]);
    expect(await keywordsOf(p.token, p.fileSetIds[0]!)).toEqual(['dusk', 'Boats', 'sea', 'harbour']);
    expect(await keywordsOf(p.token, p.fileSetIds[4]!)).toEqual(full);

    const history = await server.graphql(
      `query($p: ID!) { projectEditHistory(projectId: $p) { id action changedCount username undoneAt } }`,
      { p: p.projectId },
      p.token,
    );
    expect(history.data.projectEditHistory).toEqual([{ id: out.actionId, action: 'addKeywords', changedCount: 3, username: p.username, undoneAt: null }]);

    const undo = await server.graphql(`mutation($p: ID!) { undoProjectEdit(projectId: $p) { actionId restored } }`, { p: p.projectId }, p.token);
    expect(undo.data.undoProjectEdit).toEqual({ actionId: out.actionId, restored: 3 });
    expect(await keywordsOf(p.token, p.fileSetIds[0]!)).toEqual(['boat', 'harbour']);
    const again = await server.graphql(
      `mutation($p: ID!, $e: ID) { undoProjectEdit(projectId: $p, editId: $e) { restored } }`,
      { p: p.projectId, e: out.actionId },
      p.token,
    );
    expect(again.errors?.[0]).toMatchObject({ message: 'This edit was already undone', extensions: { code: 'CONFLICT' } });
  });

  it('undo every set but one edited since, naming it; refused only when every set was edited since', async () => {
    const p = await project(3);
    const r = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/removeKeywords`, {
      token: p.token,
      body: { fileSetIds: p.fileSetIds, keywords: ['Harbours'] },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ changed: 3 });
    await server.request('PUT', `/api/filesets/${p.fileSetIds[1]}/results`, { token: p.token, body: { content: { title: 'Mine now' } } });
    const undo = await server.request('POST', `/api/projects/${p.projectId}/review/undo`, { token: p.token, body: {} });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ restored: 2, skipped: ['DJI_0002'], skippedCount: 1 });
    expect(await keywordsOf(p.token, p.fileSetIds[0]!)).toEqual(['boat', 'harbour']);
    expect(await keywordsOf(p.token, p.fileSetIds[2]!)).toEqual(['boat', 'harbour']);
    // The edited set keeps its edit (and the action's removal under it).
    expect(await keywordsOf(p.token, p.fileSetIds[1]!)).toEqual(['boat']);

    const q = await project(1);
    await server.request('POST', `/api/projects/${q.projectId}/review/bulk/removeKeywords`, {
      token: q.token,
      body: { fileSetIds: q.fileSetIds, keywords: ['boat'] },
    });
    await server.request('PUT', `/api/filesets/${q.fileSetIds[0]}/results`, { token: q.token, body: { content: { title: 'Mine' } } });
    const refused = await server.request('POST', `/api/projects/${q.projectId}/review/undo`, { token: q.token, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.message ?? refused.body.error).toBe('Cannot undo: its set was edited since: DJI_0001');
  });

  it('find and replace refuses a set left without a title and applies the rest; whole words only', async () => {
    const p = await project(2, [set(3, { title: 'Porto' })]);
    const m = `${BULK} mutation($s: ReviewSelectionInput!) { findReplace(selection: $s, field: TITLE, find: "porto", replace: "", wholeWord: true) { ...R } }`;
    await server.graphql(
      `mutation($s: ReviewSelectionInput!) { setCategories(selection: $s, adobeCategory: "Travel") { changed } }`,
      { s: { projectId: p.projectId, allMatching: {} } },
      p.token,
    );
    const titles = await server.graphql(
      `${BULK} mutation($s: ReviewSelectionInput!) { findReplace(selection: $s, field: TITLE, find: "Harbour", replace: "Port of Porto", wholeWord: true) { ...R } }`,
      { s: { projectId: p.projectId, allMatching: { city: 'porto' } } },
      p.token,
    );
    expect(titles.data.findReplace).toMatchObject({ matched: 2, changed: 1, unchanged: 1 });
    const r = await server.graphql(m, { s: { projectId: p.projectId, fileSetIds: p.fileSetIds } }, p.token);
    expect(r.data.findReplace.refused).toEqual([{ fileSetId: p.fileSetIds[2], baseName: 'DJI_0003', reason: 'The replace would leave no title' }]);
    const page = await server.graphql(SETS, { p: p.projectId, filter: { search: 'port of' } }, p.token);
    expect(page.data.reviewSets.edges.map((e: { node: { title: string } }) => e.node.title)).toEqual(['Port of 1']);
  });

  it('find and replace refuses a replace longer than the field, naming the limit, on both transports', async () => {
    const p = await project(1);
    const FR = `${BULK} mutation($s: ReviewSelectionInput!, $f: ReviewTextField!, $find: String!, $r: String!) { findReplace(selection: $s, field: $f, find: $find, replace: $r) { ...R } }`;
    const gql = await server.graphql(
      FR,
      { s: { projectId: p.projectId, fileSetIds: p.fileSetIds }, f: 'DESCRIPTION', find: 'Boats', r: 'x'.repeat(100_000) },
      p.token,
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: 'replace is 100000 characters; the limit for a description is 5000',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const title = await server.graphql(FR, { s: { projectId: p.projectId, fileSetIds: p.fileSetIds }, f: 'TITLE', find: 'y'.repeat(501), r: '' }, p.token);
    expect(title.errors?.[0]).toMatchObject({ message: 'find is 501 characters; the limit for a title is 500', extensions: { code: 'BAD_USER_INPUT' } });
    const rest = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/findReplace`, {
      token: p.token,
      body: { fileSetIds: p.fileSetIds, field: 'title', find: 'Harbour', replace: 'x'.repeat(501) },
    });
    expect(rest.status).toBe(400);
    expect(rest.body.message ?? rest.body.error).toBe('replace is 501 characters; the limit for a title is 500');
    const history = await server.graphql(`query($p: ID!) { projectEditHistory(projectId: $p) { id } }`, { p: p.projectId }, p.token);
    expect(history.data.projectEditHistory).toEqual([]);
  });

  it('find and replace that would overflow one set refuses the whole action, naming the set and the field; nothing changes', async () => {
    // DJI_0003's description is 4,800 characters: "Boats" -> "Sailing boats" would make it 6,080.
    const p = await project(2, [set(3, { description: 'Boats at dusk. '.repeat(320) })]);
    const descriptionOf = async (id: string) => {
      const r = await server.request('GET', `/api/filesets/${id}/results`, { token: p.token });
      return (r.body.results?.content ?? r.body.content).final_description as string;
    };
    const before = await Promise.all(p.fileSetIds.map(descriptionOf));
    const gql = await server.graphql(
      `${BULK} mutation($s: ReviewSelectionInput!) { findReplace(selection: $s, field: DESCRIPTION, find: "Boats", replace: "Sailing boats") { ...R } }`,
      { s: { projectId: p.projectId, allMatching: {} } },
      p.token,
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: 'DJI_0003: the description would be 7360 characters; the limit is 5000. Nothing was changed',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const rest = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/findReplace`, {
      token: p.token,
      body: { fileSetIds: p.fileSetIds, field: 'description', find: 'boats', replace: 'Sailing boats' },
    });
    expect(rest.status).toBe(400);
    expect(rest.body.message ?? rest.body.error).toBe('DJI_0003: the description would be 7360 characters; the limit is 5000. Nothing was changed');
    expect(await Promise.all(p.fileSetIds.map(descriptionOf))).toEqual(before);
    const history = await server.graphql(`query($p: ID!) { projectEditHistory(projectId: $p) { id } }`, { p: p.projectId }, p.token);
    expect(history.data.projectEditHistory).toEqual([]);
    // Without the long set, the same action applies.
    const ok = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/findReplace`, {
      token: p.token,
      body: { fileSetIds: p.fileSetIds.slice(0, 2), field: 'description', find: 'boats', replace: 'Sailing boats' },
    });
    expect(ok.body).toMatchObject({ changed: 2 });
    expect(await descriptionOf(p.fileSetIds[0]!)).toBe('Sailing boats 1');
  });

  it("on another user's project: 404 and nothing changed", async () => {
    const p = await project(2);
    const other = await signUp(server);
    const r = await server.graphql(ADD, { s: { projectId: p.projectId, fileSetIds: p.fileSetIds }, k: ['x'] }, other.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const rest = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/addKeywords`, {
      token: other.token,
      body: { fileSetIds: p.fileSetIds, keywords: ['x'] },
    });
    expect(rest.status).toBe(404);
    // Their own project with the victim's set ids: nothing of the victim's is touched.
    const mine = await seedProject(server.services, { ownerId: other.id, name: 'Mine', sets: [set(9)] });
    const cross = await server.graphql(ADD, { s: { projectId: mine.projectId, fileSetIds: p.fileSetIds }, k: ['x'] }, other.token);
    expect(cross.data.addKeywords).toMatchObject({ matched: 0, changed: 0 });
    expect(await keywordsOf(p.token, p.fileSetIds[0]!)).toEqual(['boat', 'harbour']);
  });

  it('refuse bad input with clear messages', async () => {
    const p = await project(1);
    const empty = await server.graphql(ADD, { s: { projectId: p.projectId, fileSetIds: p.fileSetIds }, k: ['ok', ' '] }, p.token);
    expect(empty.errors?.[0]).toMatchObject({ message: 'Give at least one keyword; empty keywords are refused', extensions: { code: 'BAD_USER_INPUT' } });
    const none = await server.graphql(ADD, { s: { projectId: p.projectId, fileSetIds: [] }, k: ['x'] }, p.token);
    expect(none.errors?.[0]?.message).toBe('Select at least one file set, or all matching a filter');
    const unknown = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/explode`, { token: p.token, body: { fileSetIds: p.fileSetIds } });
    expect(unknown.status).toBe(404);
    const cat = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/setCategories`, {
      token: p.token,
      body: { fileSetIds: p.fileSetIds, adobeCategory: 'Nope' },
    });
    expect(cat.status).toBe(400);
    expect(cat.body.message ?? cat.body.error).toBe("'Nope' is not one of Adobe Stock's categories");
    const odd = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/reorderKeywordsByRelevance`, {
      token: p.token,
      body: { allMatching: { search: 5 } },
    });
    expect(odd.status).toBe(400);
    expect(odd.body.message ?? odd.body.error).toBe('allMatching.search must be text');
    const rules = await server.request('PUT', `/api/projects/${p.projectId}/review/rules`, { token: p.token, body: { alwaysInclude: 'drone' } });
    expect(rules.status).toBe(400);
    expect(rules.body.message ?? rules.body.error).toBe('Always-include must be a list of keywords');
  });
});

describe('the review grid', () => {
  it('pages by keyset in any sort, filters, and never skips or repeats', async () => {
    const p = await project(25);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const r: any = await server.graphql(SETS, { p: p.projectId, first: 7, after, sort: 'TITLE', desc: true }, p.token);
      expect(r.errors).toBeUndefined();
      seen.push(...r.data.reviewSets.edges.map((e: { node: { baseName: string } }) => e.node.baseName));
      expect(r.data.reviewSets.totalCount).toBe(25);
      if (!r.data.reviewSets.pageInfo.hasNextPage) break;
      after = r.data.reviewSets.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect(seen[0]).toBe('DJI_0009'); // "Harbour 9" sorts last ascending
    const lisbon = await server.graphql(SETS, { p: p.projectId, first: 100, filter: { city: 'LISBON' } }, p.token);
    expect(lisbon.errors).toBeUndefined();
    expect(lisbon.data.reviewSets.totalCount).toBe(12);
    const rest = await server.request('GET', `/api/projects/${p.projectId}/review/sets?limit=10&sort=keywordCount`, { token: p.token });
    expect(rest.status).toBe(200);
    expect(rest.body.sets).toHaveLength(10);
    expect(rest.body.nextCursor).toEqual(expect.any(String));
    const bad = await server.graphql(SETS, { p: p.projectId, after: 'bogus' }, p.token);
    expect(bad.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('the review grid: every column sorts, agency problems filter', () => {
  const TITLES = ['Delta', 'alpha', 'Charlie', 'bravo'];
  const CITIES = ['Porto', 'Lisbon', 'Braga'];
  const ADOBE = ['Animals', 'Business', null, 'Food'] as const;
  const SSA = ['Arts', 'Education', null] as const;
  const column = (i: number): SeedFileSet => ({
    baseName: `CLIP_${String.fromCharCode(97 + ((i * 7) % 26))}${i}`,
    files: [{ filename: `CLIP_${i}.MP4` }],
    result:
      i % 6 === 5
        ? undefined
        : {
            title: TITLES[i % 4],
            description: ['zulu', 'yankee', 'xray'][i % 3],
            keywords: Array.from({ length: (i % 5) + 1 }, (_, k) => `word${k}`),
            adobe: ADOBE[i % 4] ?? null,
            shutterstockA: SSA[i % 3] ?? null,
            city: CITIES[i % 3],
            country: i % 2 ? 'Spain' : 'Portugal',
            shotTypes: { aerial: i % 2 === 0, orbit: i % 3 === 0 },
          },
  });
  const NODE = `id baseName status title description keywordCount adobeCategory shutterstockACategory shutterstockBCategory city country shotTypes
    agencyRefusals { format agency problems }`;
  const PAGE = `query($p: ID!, $first: Int, $after: String, $filter: ReviewFilterInput, $sort: ReviewSort, $desc: Boolean) {
    reviewSets(projectId: $p, first: $first, after: $after, filter: $filter, sort: $sort, descending: $desc) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { ${NODE} } } } }`;
  type Node = {
    id: string;
    baseName: string;
    status: string;
    title: string | null;
    description: string | null;
    keywordCount: number;
    adobeCategory: string | null;
    shutterstockACategory: string | null;
    shutterstockBCategory: string | null;
    city: string | null;
    country: string | null;
    shotTypes: string[];
    agencyRefusals: Array<{ format: string; agency: string; problems: string[] }>;
  };

  async function all(token: string, vars: Record<string, unknown>, first: number): Promise<{ nodes: Node[]; totals: number[] }> {
    const nodes: Node[] = [];
    const totals: number[] = [];
    let after: string | null = null;
    for (let guard = 0; guard < 100; guard++) {
      const r: any = await server.graphql(PAGE, { ...vars, first, after }, token);
      expect(r.errors).toBeUndefined();
      nodes.push(...r.data.reviewSets.edges.map((e: { node: Node }) => e.node));
      totals.push(r.data.reviewSets.totalCount);
      if (!r.data.reviewSets.pageInfo.hasNextPage) break;
      after = r.data.reviewSets.pageInfo.endCursor;
    }
    return { nodes, totals };
  }

  // The order each column should give, computed here from what the grid shows (ties: project order).
  const lower = (s: string | null) => (s ?? '').toLowerCase();
  const KEYS: Record<string, (n: Node) => Array<string | number>> = {
    FILENAME: (n) => [lower(n.baseName)],
    STATUS: (n) => [{ PENDING: 0, AI: 1, EDITED: 2 }[n.status] ?? 9],
    TITLE: (n) => [lower(n.title)],
    DESCRIPTION: (n) => [lower(n.description)],
    KEYWORD_COUNT: (n) => [n.keywordCount],
    CATEGORIES: (n) => [lower(n.adobeCategory), lower(n.shutterstockACategory), lower(n.shutterstockBCategory)],
    CITY: (n) => [lower(n.city), lower(n.country)],
    COUNTRY: (n) => [lower(n.country), lower(n.city)],
    SHOT_TYPES: (n) => [[...n.shotTypes].sort().join(',')],
  };

  it('sorts by every column in both directions, in keyset pages that never skip or repeat', async () => {
    const p = await project(
      0,
      Array.from({ length: 17 }, (_, i) => column(i)),
    );
    // One edited set, so the status sort has all three states.
    await server.request('PUT', `/api/filesets/${p.fileSetIds[1]}/results`, { token: p.token, body: { content: { title: 'alpha' } } });
    const projectOrder = (await all(p.token, { p: p.projectId, sort: 'POSITION' }, 200)).nodes;
    expect(projectOrder.map((n) => n.baseName)).toEqual(Array.from({ length: 17 }, (_, i) => column(i).baseName));
    const rank = new Map(projectOrder.map((n, i) => [n.id, i]));
    for (const [sort, key] of Object.entries(KEYS)) {
      const expected = [...projectOrder].sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
        return rank.get(a.id)! - rank.get(b.id)!;
      });
      const asc = await all(p.token, { p: p.projectId, sort, desc: false }, 4);
      expect({ sort, order: asc.nodes.map((n) => n.baseName) }).toEqual({ sort, order: expected.map((n) => n.baseName) });
      expect(asc.totals.every((t) => t === 17)).toBe(true);
      const desc = await all(p.token, { p: p.projectId, sort, desc: true }, 5);
      expect({ sort, order: desc.nodes.map((n) => n.baseName) }).toEqual({ sort, order: expected.map((n) => n.baseName).reverse() });
    }
    // A cursor is tied to its sort and direction.
    const first = await server.graphql(PAGE, { p: p.projectId, first: 2, sort: 'CATEGORIES' }, p.token);
    const wrong = await server.graphql(PAGE, { p: p.projectId, first: 2, sort: 'CITY', after: first.data.reviewSets.pageInfo.endCursor }, p.token);
    expect(wrong.errors?.[0]).toMatchObject({ message: 'Invalid cursor', extensions: { code: 'BAD_USER_INPUT' } });
    const rest = await server.request('GET', `/api/projects/${p.projectId}/review/sets?sort=shotTypes&descending=true&limit=3`, { token: p.token });
    expect(rest.status).toBe(200);
    expect(rest.body.sets.map((s: Node) => s.baseName)).toEqual(
      [...projectOrder]
        .sort((a, b) => {
          const [ka, kb] = [KEYS.SHOT_TYPES!(a)[0]!, KEYS.SHOT_TYPES!(b)[0]!];
          return ka !== kb ? (ka < kb ? 1 : -1) : rank.get(b.id)! - rank.get(a.id)!;
        })
        .slice(0, 3)
        .map((n) => n.baseName),
    );
    const badSort = await server.request('GET', `/api/projects/${p.projectId}/review/sets?sort=colour`, { token: p.token });
    expect(badSort.status).toBe(400);
    expect(badSort.body.message ?? badSort.body.error).toMatch("Unknown sort 'colour'; known: position, filename, status, title");
  });

  const LONG = 'Fishing boats moored in the old harbour of Porto at dusk'; // 56 characters: Pond5 takes it
  const KW = (n: number) => Array.from({ length: n }, (_, k) => `harbour${k}`);
  const agencySets: SeedFileSet[] = [
    { baseName: 'GOOD', files: [{ filename: 'GOOD.MP4' }], result: { title: LONG, keywords: KW(8), adobe: 'Animals', shutterstockA: 'Arts' } },
    // Pond5 wants 40 to 80 characters; the others take this title.
    {
      baseName: 'SHORT',
      files: [{ filename: 'SHORT.MP4' }],
      result: { title: 'Boats in the harbour at dusk', keywords: KW(8), adobe: 'Animals', shutterstockA: 'Arts' },
    },
    // Shutterstock needs 7 keywords; Pond5 and Adobe Stock take 5.
    { baseName: 'FEW', files: [{ filename: 'FEW.MP4' }], result: { title: LONG, keywords: KW(5), adobe: 'Animals', shutterstockA: 'Arts' } },
    { baseName: 'PENDING', files: [{ filename: 'PENDING.MP4' }] },
  ];

  it('filters by agency problems (the export checks, Pond5 included), in keyset pages and for bulk actions', async () => {
    const p = await project(0, agencySets);
    const names = async (agencyProblem: string, first = 1, sort = 'TITLE', desc = true) => {
      const r = await all(p.token, { p: p.projectId, filter: { agencyProblem }, sort, desc }, first);
      return { names: r.nodes.map((n) => n.baseName).sort(), totals: [...new Set(r.totals)], nodes: r.nodes };
    };
    expect(await names('POND5')).toMatchObject({ names: ['PENDING', 'SHORT'], totals: [2] });
    expect(await names('SHUTTERSTOCK')).toMatchObject({ names: ['FEW', 'PENDING'], totals: [2] });
    expect(await names('ADOBE_STOCK')).toMatchObject({ names: ['PENDING'], totals: [1] });
    expect(await names('ANY', 2, 'KEYWORD_COUNT', false)).toMatchObject({ names: ['FEW', 'PENDING', 'SHORT'], totals: [3] });
    expect(await names('NONE')).toMatchObject({ names: ['GOOD'], totals: [1] });

    // The badges: what each agency's export check says, Pond5 included.
    const everyone = (await all(p.token, { p: p.projectId }, 10)).nodes;
    const short = everyone.find((n) => n.baseName === 'SHORT')!;
    expect(short.agencyRefusals).toEqual([{ format: 'POND5', agency: 'Pond5', problems: ['Title is 28 characters; Pond5 wants at least 40'] }]);
    expect(everyone.find((n) => n.baseName === 'GOOD')!.agencyRefusals).toEqual([]);
    const check = await server.request('GET', `/api/projects/${p.projectId}/export-check?format=pond5`, { token: p.token });
    const checked = check.body.rows.find((r: { filename: string }) => r.filename === 'SHORT.MP4');
    expect(checked.problems).toEqual(short.agencyRefusals[0]!.problems);
    expect(everyone.find((n) => n.baseName === 'PENDING')!.agencyRefusals.map((r) => r.format)).toEqual(['ADOBE', 'SHUTTERSTOCK', 'POND5']);

    // Keyword rules count as the export applies them: Shutterstock's limit of 6 leaves GOOD and SHORT short of 7.
    await server.graphql(RULES, { p: p.projectId, r: { maxPerAgency: { shutterstock: 6 } } }, p.token);
    expect((await names('SHUTTERSTOCK')).names).toEqual(['FEW', 'GOOD', 'PENDING', 'SHORT']);
    await server.graphql(RULES, { p: p.projectId, r: {} }, p.token);

    // "All matching" a bulk action: the same sets, read when the action runs.
    const bulk = await server.graphql(ADD, { s: { projectId: p.projectId, allMatching: { agencyProblem: 'POND5' } }, k: ['dusk'] }, p.token);
    expect(bulk.errors).toBeUndefined();
    expect(bulk.data.addKeywords).toMatchObject({ matched: 2, changed: 1, refused: [{ baseName: 'PENDING', reason: 'No result yet' }] });
    expect(await keywordsOf(p.token, p.fileSetIds[1]!)).toContain('dusk');
    expect(await keywordsOf(p.token, p.fileSetIds[0]!)).not.toContain('dusk');
    // With the other filters: every condition holds.
    expect((await all(p.token, { p: p.projectId, filter: { agencyProblem: 'ANY', search: 'few' } }, 5)).nodes.map((n) => n.baseName)).toEqual(['FEW']);

    const rest = await server.request('GET', `/api/projects/${p.projectId}/review/sets?agencyProblem=shutterstock&limit=1`, { token: p.token });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ total: 2, sets: [{ baseName: 'FEW' }], nextCursor: expect.any(String) });
    const restBulk = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/removeKeywords`, {
      token: p.token,
      body: { allMatching: { agencyProblem: 'none' }, keywords: ['harbour0'] },
    });
    expect(restBulk.status).toBe(200);
    expect(restBulk.body).toMatchObject({ matched: 1, changed: 1 });

    const bad = await server.request('GET', `/api/projects/${p.projectId}/review/sets?agencyProblem=getty`, { token: p.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message ?? bad.body.error).toBe("Unknown agencyProblem 'getty'; known: adobe, shutterstock, pond5, any, none");
    const badBulk = await server.request('POST', `/api/projects/${p.projectId}/review/bulk/removeKeywords`, {
      token: p.token,
      body: { allMatching: { agencyProblem: 'getty' }, keywords: ['x'] },
    });
    expect(badBulk.status).toBe(400);
    const other = await signUp(server);
    const theirs = await server.graphql(PAGE, { p: p.projectId, filter: { agencyProblem: 'ANY' } }, other.token);
    expect(theirs.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await server.request('GET', `/api/projects/${p.projectId}/review/sets?agencyProblem=any`, { token: other.token })).status).toBe(404);
  });
});

describe('keyword rules panel (issue 31)', () => {
  const PREVIEW = `query($p: ID!, $r: KeywordRulesInput!) { keywordRulesPreview(projectId: $p, rules: $r) { sets changed entries { kind entry sets summary } } }`;
  const SAVE = `mutation($n: String!, $r: KeywordRulesInput!) { saveKeywordRulePreset(name: $n, rules: $r) { id name rules { alwaysInclude neverInclude } } }`;

  it('previews how many sets each rule changes, refusing contradictions with the same messages, and saves nothing', async () => {
    const p = await project(4, [set(5, { keywords: ['boat', 'harbour', 'drone footage', 'nobody'] })]);
    const r = await server.graphql(
      PREVIEW,
      {
        p: p.projectId,
        r: {
          alwaysInclude: ['Harbour', 'Portugal'],
          neverInclude: ['nobody'],
          synonyms: [{ from: 'drone footage', to: 'aerial footage' }],
          maxPerAgency: { pond5: 2 },
        },
      },
      p.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.keywordRulesPreview).toEqual({
      sets: 5,
      changed: 5,
      entries: [
        { kind: 'alwaysInclude', entry: 'Harbour', sets: 0, summary: "Adds 'Harbour' to 0 of 5 sets" },
        { kind: 'alwaysInclude', entry: 'Portugal', sets: 5, summary: "Adds 'Portugal' to 5 of 5 sets" },
        { kind: 'neverInclude', entry: 'nobody', sets: 1, summary: "Removes 'nobody' from 1 set" },
        { kind: 'synonyms', entry: 'drone footage -> aerial footage', sets: 1, summary: "Replaces 'drone footage' by 'aerial footage' in 1 set" },
        {
          kind: 'maxPerAgency',
          entry: 'pond5',
          sets: 5,
          summary: "Pond5's export keeps 2 keywords: 5 sets have more (always-include and the most relevant are kept)",
        },
      ],
    });
    const bad = await server.graphql(PREVIEW, { p: p.projectId, r: { alwaysInclude: ['sea'], neverInclude: ['Seas'] } }, p.token);
    expect(bad.errors?.[0]).toMatchObject({
      message: "'sea' is both always-include and never-include",
      extensions: { code: 'BAD_USER_INPUT', field: 'neverInclude' },
    });
    const rules = await server.graphql(`query($p: ID!) { keywordRules(projectId: $p) { alwaysInclude } }`, { p: p.projectId }, p.token);
    expect(rules.data.keywordRules.alwaysInclude).toEqual([]);
    const other = await signUp(server);
    expect((await server.graphql(PREVIEW, { p: p.projectId, r: {} }, other.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('saves presets by name (the same name replaces), applies one to a new project, deletes it; names and counts are bounded', async () => {
    const p = await project(1);
    const saved = await server.graphql(SAVE, { n: '  Portugal  trip ', r: { alwaysInclude: ['Portugal'], neverInclude: ['nobody'] } }, p.token);
    expect(saved.data.saveKeywordRulePreset).toMatchObject({ name: 'Portugal trip', rules: { alwaysInclude: ['Portugal'], neverInclude: ['nobody'] } });
    const again = await server.graphql(SAVE, { n: 'Portugal trip', r: { alwaysInclude: ['Portugal', 'Europe'] } }, p.token);
    expect(again.data.saveKeywordRulePreset.id).toBe(saved.data.saveKeywordRulePreset.id);
    const list = await server.graphql(`{ keywordRulePresets { name rules { alwaysInclude } } }`, {}, p.token);
    expect(list.data.keywordRulePresets).toEqual([{ name: 'Portugal trip', rules: { alwaysInclude: ['Portugal', 'Europe'] } }]);

    const applied = await server.graphql(
      `mutation($p: ID!, $id: ID!) { applyKeywordRulePreset(projectId: $p, presetId: $id) { alwaysInclude } }`,
      { p: p.projectId, id: saved.data.saveKeywordRulePreset.id },
      p.token,
    );
    expect(applied.data.applyKeywordRulePreset.alwaysInclude).toEqual(['Portugal', 'Europe']);

    expect((await server.graphql(SAVE, { n: ' ', r: {} }, p.token)).errors?.[0]).toMatchObject({
      message: 'Give the preset a name',
      extensions: { field: 'name' },
    });
    expect((await server.graphql(SAVE, { n: 'x'.repeat(101), r: {} }, p.token)).errors?.[0]?.message).toBe(
      'The preset name is 101 characters; the limit is 100',
    );
    expect((await server.graphql(SAVE, { n: 'Bad', r: { neverInclude: ['boat', 'Boats'] } }, p.token)).errors?.[0]?.message).toBe(
      "Never-include lists 'Boats' twice (as 'boat')",
    );
    // Another user sees none of them and cannot use or delete them.
    const other = await signUp(server);
    expect((await server.graphql(`{ keywordRulePresets { id } }`, {}, other.token)).data.keywordRulePresets).toEqual([]);
    const del = `mutation($id: ID!) { deleteKeywordRulePreset(id: $id) }`;
    expect((await server.graphql(del, { id: saved.data.saveKeywordRulePreset.id }, other.token)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await server.graphql(del, { id: saved.data.saveKeywordRulePreset.id }, p.token)).data.deleteKeywordRulePreset).toBe(
      saved.data.saveKeywordRulePreset.id,
    );
    // At most 50 per account.
    for (let i = 0; i < 50; i++) await server.graphql(SAVE, { n: `Preset ${i}`, r: {} }, p.token);
    expect((await server.graphql(SAVE, { n: 'One more', r: {} }, p.token)).errors?.[0]).toMatchObject({
      message: 'You have 50 presets; the limit is 50. Delete one first',
      extensions: { code: 'CONFLICT' },
    });
  });
});

describe('exporting the accepted rows only (issue 31 item 7)', () => {
  it('writes only the rows the agency check accepts with ?accepted=1, and every row without it', async () => {
    const long = 'A very long title that goes on and on past the seventy characters Adobe Stock allows';
    const p = await project(3, [set(4, { title: long })]);
    const all = await server.request('GET', `/api/projects/adobe-csv/${p.projectId}`, { token: p.token });
    const accepted = await server.request('GET', `/api/projects/adobe-csv/${p.projectId}?accepted=1`, { token: p.token });
    expect(accepted.status).toBe(200);
    const lines = (body: unknown) => String(body).trim().split(/\r?\n/);
    expect(lines(all.body)).toHaveLength(5);
    expect(lines(accepted.body)).toHaveLength(4);
    expect(String(accepted.body)).not.toContain('DJI_0004');
    expect(String(all.body)).toContain('DJI_0004');
  });
});
