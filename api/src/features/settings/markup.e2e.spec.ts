/**
 * The markup is read as decimal text (issue 14 #8): "0x32" and "1e2" are refused, 0.29 is
 * accepted, over REST (PUT /api/admin/settings/CREDIT_MARKUP_PERCENTAGE) and GraphQL alike, with
 * SPEC §5's message.
 */
import { startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';

let server: StartedTestServer;
let adminToken: string;
beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'markupadmin', password: 'markup-pass' }));
});
afterAll(() => server.close());

const SPEC_MESSAGE = 'Please enter a valid markup percentage (0 or greater)';
const put = (value: unknown) => server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: adminToken, body: { value } });
const gqlSet = (value: unknown) =>
  server.graphql('mutation($v: Float!) { updateMarkup(value: $v) { message setting { value } costPerFileset } }', { v: value }, adminToken);
const stored = async () =>
  (await server.request('GET', '/api/admin/settings', { token: adminToken })).body.settings.find((s: { key: string }) => s.key === 'CREDIT_MARKUP_PERCENTAGE')
    .value;

describe('markup parsing over REST', () => {
  afterEach(async () => {
    await put(50);
  });

  it.each(['0x32', '1e2', '0b11', ' ', '-5', '+5', 'Infinity', '50%', '1_000', '.', '5.'])(
    'refuses %j with the SPEC message and keeps the saved value',
    async (value) => {
      await put(50);
      const r = await put(value);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(SPEC_MESSAGE);
      expect(await stored()).toBe('50');
    },
  );

  it.each([true, null, [50], { v: 50 }, -0.01])('refuses %j with the SPEC message', async (value) => {
    const r = await put(value);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe(SPEC_MESSAGE);
  });

  it.each([
    [0.29, '0.29'],
    ['0.29', '0.29'],
    [33, '33'],
    ['33.30', '33.3'],
    ['007', '7'],
    [1000, '1000'],
    ['1000.00', '1000'],
    [0, '0'],
  ])('accepts %j and stores %s', async (value, text) => {
    const r = await put(value);
    expect(r.status).toBe(200);
    expect(r.body.setting.value).toBe(text);
    expect(r.body.message).toBe(`Markup updated to ${text}%. This affects all future processing costs.`);
    expect(await stored()).toBe(text);
  });

  it.each([
    [1000.01, /between 0 and 1000/],
    ['1001', /between 0 and 1000/],
    [1e21, /between 0 and 1000/],
    ['0.291', /at most 2 decimals/],
    [0.001, /at most 2 decimals/],
    [1e-7, /at most 2 decimals/],
  ])('refuses %j outside the range or precision', async (value, message) => {
    const r = await put(value);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(message);
  });

  it('the cost per file set follows an accepted decimal markup exactly', async () => {
    const r = await put('33');
    expect(r.body.costPerFileset).toBe(0.0266);
  });
});

describe('markup parsing over GraphQL', () => {
  afterAll(async () => {
    await put(50);
  });

  it('accepts 0.29 and refuses a negative value with BAD_USER_INPUT and the SPEC message', async () => {
    const ok = await gqlSet(0.29);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.updateMarkup.setting.value).toBe('0.29');
    const bad = await gqlSet(-1);
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(bad.errors?.[0]?.message).toBe(SPEC_MESSAGE);
    const precise = await gqlSet(0.001);
    expect(precise.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await stored()).toBe('0.29');
  });
});
