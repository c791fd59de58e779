/**
 * Result edits over REST and GraphQL: a PUT with the body SPEC §7 describes (content and metadata)
 * keeps what it leaves out (issue 14 #9: it wiped the shot types), and shot types keep the fixed
 * vocabulary (issue 14 #8: any key was stored).
 */
import { seedProject } from '../exports/test-support/seed-results.js';
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';

let server: StartedTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function seededSet() {
  const u = await signUp(server);
  const { fileSetIds, projectId } = await seedProject(server.services, {
    ownerId: u.id,
    name: 'Edits',
    sets: [
      {
        baseName: 'DJI_0001',
        files: [{ filename: 'DJI_0001.MP4' }],
        result: {
          title: 'Harbour',
          description: 'Boats',
          keywords: ['boat'],
          adobe: 'Travel',
          city: 'Porto',
          country: 'Portugal',
          latitude: 41.1,
          longitude: -8.6,
          shotTypes: { aerial: true, night: true },
        },
      },
    ],
  });
  return { token: u.token, fileSetId: fileSetIds[0]!, projectId };
}

const specBody = {
  content: {
    title: 'Harbour at dusk',
    final_description: 'Boats in the harbour',
    keywords: ['boat', 'harbour'],
    categories: { adobe_category: 'Travel', shutterstock_a_category: null, shutterstock_b_category: null },
  },
  metadata: { latitude: 41.1, longitude: -8.6, city: 'Porto', country: 'Portugal' },
};

const updateMutation = `mutation($id: ID!, $input: FileSetResultInput!) {
  updateFileSetResult(fileSetId: $id, input: $input) { current { content { title } shotTypes { id value } } }
}`;

describe('PUT /api/filesets/{id}/results keeps what the body leaves out', () => {
  it('keeps the stored shot types when the body is content and metadata (SPEC §7)', async () => {
    const { token, fileSetId } = await seededSet();
    const put = await server.request('PUT', `/api/filesets/${fileSetId}/results`, { token, body: specBody });
    expect(put.status).toBe(200);
    const got = await server.request('GET', `/api/filesets/${fileSetId}/results`, { token });
    expect(got.body.results.content.title).toBe('Harbour at dusk');
    expect(got.body.results.shot_types).toEqual({ aerial: true, night: true });
  });

  it('keeps the stored metadata and categories when only the title and description change', async () => {
    const { token, fileSetId } = await seededSet();
    const put = await server.request('PUT', `/api/filesets/${fileSetId}/results`, {
      token,
      body: { content: { title: 'Only the title', final_description: 'And the text' } },
    });
    expect(put.status).toBe(200);
    const r = (await server.request('GET', `/api/filesets/${fileSetId}/results`, { token })).body.results;
    expect(r.content).toMatchObject({ title: 'Only the title', final_description: 'And the text', keywords: ['boat'] });
    expect(r.content.categories.adobe_category).toBe('Travel');
    expect(r.metadata).toEqual({ latitude: 41.1, longitude: -8.6, city: 'Porto', country: 'Portugal' });
    expect(r.shot_types).toEqual({ aerial: true, night: true });
  });

  it('clears a field sent as null and changes only the shot types sent', async () => {
    const { token, fileSetId } = await seededSet();
    const put = await server.request('PUT', `/api/filesets/${fileSetId}/results`, {
      token,
      body: { metadata: { city: null }, shot_types: { night: false, golden_hour: true } },
    });
    expect(put.status).toBe(200);
    const r = (await server.request('GET', `/api/filesets/${fileSetId}/results`, { token })).body.results;
    expect(r.metadata.city).toBeNull();
    expect(r.metadata.country).toBe('Portugal');
    expect(r.shot_types).toEqual({ aerial: true, night: false, golden_hour: true });
  });

  it('still refuses a present field of the wrong type', async () => {
    const { token, fileSetId } = await seededSet();
    const put = await server.request('PUT', `/api/filesets/${fileSetId}/results`, { token, body: { content: 'nope' } });
    expect(put.status).toBe(400);
  });
});

describe('shot types keep the fixed vocabulary', () => {
  it('REST refuses an unknown shot type with a 400 naming it, and stores nothing', async () => {
    const { token, fileSetId } = await seededSet();
    const put = await server.request('PUT', `/api/filesets/${fileSetId}/results`, {
      token,
      body: { ...specBody, shot_types: { aerial: true, drone_selfie: true } },
    });
    expect(put.status).toBe(400);
    expect(put.body.message).toMatch(/Unknown shot type 'drone_selfie'/);
    const r = (await server.request('GET', `/api/filesets/${fileSetId}/results`, { token })).body.results;
    expect(r.content.title).toBe('Harbour');
    expect(Object.keys(r.shot_types)).not.toContain('drone_selfie');
  });

  it('REST refuses 40,000 arbitrary keys with one short message', async () => {
    const { token, fileSetId } = await seededSet();
    const shot_types = Object.fromEntries(Array.from({ length: 40_000 }, (_, i) => [`k${i}`, true]));
    const put = await server.request('PUT', `/api/filesets/${fileSetId}/results`, { token, body: { ...specBody, shot_types } });
    expect(put.status).toBe(400);
    expect(put.body.message).toMatch(/Unknown shot type 'k0' \(and 39999 more\)/);
    expect(JSON.stringify(put.body).length).toBeLessThan(2000);
  });

  it('GraphQL refuses an unknown shot type with BAD_USER_INPUT naming it, and keeps them when omitted', async () => {
    const { token, fileSetId } = await seededSet();
    const input = { title: 'T', finalDescription: 'D', keywords: ['a'] };
    const bad = await server.graphql(updateMutation, { id: fileSetId, input: { ...input, shotTypes: [{ id: 'selfie', value: true }] } }, token);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toMatch(/Unknown shot type 'selfie'/);
    const ok = await server.graphql(updateMutation, { id: fileSetId, input }, token);
    expect(ok.errors).toBeUndefined();
    const on = ok.data.updateFileSetResult.current.shotTypes.filter((s: { value: boolean }) => s.value).map((s: { id: string }) => s.id);
    expect(on.sort()).toEqual(['aerial', 'night']);
  });
});

describe('the editorial flag (issue 31 item 6)', () => {
  const editorialOf = async (token: string, fileSetId: string) =>
    (await server.request('GET', `/api/filesets/${fileSetId}/results`, { token })).body.results.content.editorial;
  const shutterstockEditorial = async (token: string, projectId: string) => {
    const res = await fetch(`${server.url}/api/projects/shutterstock-csv/${projectId}`, { headers: { authorization: `Bearer ${token}` } });
    const [header, row] = (await res.text()).trim().split(/\r?\n/);
    return row!.split(',')[header!.split(',').indexOf('Editorial')];
  };
  const input = { title: 'Harbour', finalDescription: 'Boats', keywords: ['boat'] };

  it('is set through GraphQL, kept by edits that leave it out, shown by REST and written in the Shutterstock CSV', async () => {
    const { token, fileSetId, projectId } = await seededSet();
    expect(await editorialOf(token, fileSetId)).toBeUndefined(); // never set: absent, as in results made before it
    expect(await shutterstockEditorial(token, projectId)).toBe('no');
    const set = await server.graphql(
      'mutation($id: ID!, $input: FileSetResultInput!) { updateFileSetResult(fileSetId: $id, input: $input) { current { content { editorial } } } }',
      { id: fileSetId, input: { ...input, editorial: true } },
      token,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data.updateFileSetResult.current.content.editorial).toBe(true);
    // An edit that leaves it out (REST's SPEC body, GraphQL without the field) keeps it.
    expect((await server.request('PUT', `/api/filesets/${fileSetId}/results`, { token, body: specBody })).status).toBe(200);
    const kept = await server.graphql(updateMutation, { id: fileSetId, input: { ...input, title: 'Harbour again' } }, token);
    expect(kept.errors).toBeUndefined();
    expect(await editorialOf(token, fileSetId)).toBe(true);
    expect(await shutterstockEditorial(token, projectId)).toBe('yes');
    const read = await server.graphql(
      'query($id: ID!) { fileSetResult(fileSetId: $id) { current { content { editorial } } original { content { editorial } } } }',
      { id: fileSetId },
      token,
    );
    expect(read.data.fileSetResult).toEqual({ current: { content: { editorial: true } }, original: { content: { editorial: false } } });
    // REST clears it.
    expect((await server.request('PUT', `/api/filesets/${fileSetId}/results`, { token, body: { content: { editorial: false } } })).status).toBe(200);
    expect(await editorialOf(token, fileSetId)).toBe(false);
    expect(await shutterstockEditorial(token, projectId)).toBe('no');
  });

  it('refuses a value that is not true or false (naming the field) and another user', async () => {
    const { token, fileSetId } = await seededSet();
    const bad = await server.request('PUT', `/api/filesets/${fileSetId}/results`, { token, body: { content: { editorial: 'yes' } } });
    expect([bad.status, bad.body.field ?? bad.body.details?.field]).toEqual([400, 'editorial']);
    const other = await signUp(server);
    const foreign = await server.graphql(updateMutation, { id: fileSetId, input: { ...input, editorial: true } }, other.token);
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await server.request('PUT', `/api/filesets/${fileSetId}/results`, { token: other.token, body: { content: { editorial: true } } })).status).toBe(
      404,
    );
    expect(await editorialOf(token, fileSetId)).toBeUndefined();
  });
});
