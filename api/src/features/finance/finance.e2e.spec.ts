import fc from 'fast-check';
import pg from 'pg';
import { parse } from 'csv-parse/sync';
import { createLedger, formatCredits, type Ledger } from '@shotlog/ledger';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';
import { JOURNAL_CSV_COLUMNS } from './journal-csv.js';

/**
 * Finance over a real server and database: a random history of every kind of ledger event (REST
 * adjustments and purchase approvals, charges and refunds through a second ledger on the same
 * database), then balances as of instants in the middle of it against what the live projection
 * said at those instants, the trial balance, statements and the journal.
 */
let server: StartedTestServer;
let adminToken: string;
let pool: pg.Pool;
let ledger: Ledger;
const users: { id: string; token: string }[] = [];
let packages: { id: string; price: number; credits: number }[];
const started = new Date(Date.now() - 1000);

beforeAll(async () => {
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'finance', password: 'finance-pass' }));
  pool = new pg.Pool({ connectionString: server.databaseUrl, max: 3 });
  ledger = createLedger(pool);
  for (let i = 0; i < 4; i++) users.push(await signUp(server));
  packages = (await server.request('GET', '/api/purchase/packages')).body.packages;
}, 60_000);
afterAll(async () => {
  await pool.end();
  await server.close();
});

const get = (path: string, token: string | null = adminToken) => server.request('GET', path, { token });
const liveBalance = async (userId: string) => formatCredits(await ledger.balance(userId));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Dollars paid for approved purchases, counted by the test from the packages it chose. */
let dollarsCents = 0;
let runs = 0;

async function apply(op: { user: number; kind: string; cents: number; pkg: number }) {
  const u = users[op.user]!;
  if (op.kind === 'adjust') {
    const amount = op.cents % 2 === 0 ? op.cents / 100 : -Math.min(op.cents, await ledger.balance(u.id)) / 100;
    if (amount === 0) return;
    const r = await server.request('POST', `/api/admin/users/${u.id}/credits`, { token: adminToken, body: { amount, reason: '=HYPERLINK("x")' } });
    expect(r.status).toBe(200);
  } else if (op.kind === 'purchase') {
    const p = packages[op.pkg % packages.length]!;
    const req = await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: p.id } });
    expect(req.status).toBe(201);
    const ok = await server.request('POST', `/api/admin/purchase-requests/${req.body.request.id}/approve`, { token: adminToken, body: {} });
    expect(ok.status).toBe(200);
    dollarsCents += Math.round(p.price * 100);
  } else {
    const balance = await ledger.balance(u.id);
    if (balance === 0) return;
    const runId = `run-${++runs}`;
    const charge = Math.min(balance, op.cents);
    await ledger.chargeProcessing({ userId: u.id, runId, amount: charge, description: 'test run' });
    if (op.kind === 'chargeAndRefund') await ledger.refundProcessing({ userId: u.id, runId, amount: Math.ceil(charge / 2), description: 'failed set' });
  }
}

const history = fc.array(
  fc.record({
    user: fc.integer({ min: 0, max: 3 }),
    kind: fc.constantFrom('adjust', 'purchase', 'charge', 'chargeAndRefund'),
    cents: fc.integer({ min: 1, max: 9000 }),
    pkg: fc.nat(),
  }),
  { minLength: 4, maxLength: 12 },
);

test('balances as of any instant equal the live projection at that instant, for every user', async () => {
  const seen: { at: Date; balances: string[] }[] = [];
  await fc.assert(
    fc.asyncProperty(history, async (ops) => {
      for (const op of ops) {
        await apply(op);
        await sleep(2);
        seen.push({ at: new Date(), balances: await Promise.all(users.map((u) => liveBalance(u.id))) });
        await sleep(2);
      }
      for (const u of users) {
        const now = await get(`/api/admin/users/${u.id}/balance`);
        expect(now.status).toBe(200);
        expect(now.body.balance).toBe(await liveBalance(u.id));
        expect(now.body.userId).toBe(u.id);
      }
    }),
    { numRuns: 3 },
  );
  // The past: a few of the instants recorded along the way, as REST and GraphQL answer them.
  for (const { at, balances } of seen.filter((_, i) => i % 4 === 0)) {
    for (const [i, u] of users.entries()) {
      const r = await get(`/api/admin/users/${u.id}/balance?asOf=${at.toISOString()}`);
      expect(r.body).toEqual({ userId: u.id, asOf: at.toISOString(), balance: balances[i] });
    }
    const g = await server.graphql(
      'query($id: ID!, $at: String) { userBalanceAsOf(userId: $id, asOf: $at) { balance } }',
      { id: users[0]!.id, at: at.toISOString() },
      adminToken,
    );
    expect(g.data.userBalanceAsOf.balance).toBe(balances[0]);
  }
}, 240_000);

test('the trial balance sums to zero, pages through every account, and matches GraphQL', async () => {
  const all = await get('/api/admin/ledger/trial-balance?limit=1000');
  expect(all.status).toBe(200);
  expect(all.body.total).toBe('0.00');
  expect(all.body.balanced).toBe(true);
  expect(all.body.hasMore).toBe(false);
  const accounts: { account: string; balance: string }[] = all.body.accounts;
  for (const u of users) expect(accounts.find((a) => a.account === `user:${u.id}`)?.balance).toBe(await liveBalance(u.id));
  // Each user account names its user; system accounts name nobody.
  const profile = (await server.request('GET', '/api/user/profile', { token: users[0]!.token })).body.user;
  expect(all.body.accounts.find((a: { account: string }) => a.account === `user:${users[0]!.id}`)).toMatchObject({
    userName: profile.username,
    userEmail: profile.email,
  });
  expect(all.body.accounts.find((a: { account: string }) => a.account === 'system:purchases')).toMatchObject({ userName: null, userEmail: null });
  // Totals per kind: users against the sum of their rows, and all kinds to zero.
  const cents = (s: string) => Math.round(Number(s) * 100);
  const userTotal = accounts.filter((a) => a.account.startsWith('user:')).reduce((s, a) => s + cents(a.balance), 0);
  const kinds: { kind: string; balance: string }[] = all.body.totals;
  expect(cents(kinds.find((k) => k.kind === 'user')!.balance)).toBe(userTotal);
  expect(kinds.reduce((s, k) => s + cents(k.balance), 0)).toBe(0);
  // Every system account has its kind's total (the random history above may hold no adjustment at all).
  const systemAccounts = accounts.filter((a) => a.account.startsWith('system:')).map((a) => a.account);
  expect(systemAccounts).toEqual(expect.arrayContaining(['system:signup-bonus']));
  expect(kinds.map((k) => k.kind)).toEqual(expect.arrayContaining(['user', ...systemAccounts]));

  const walked: string[] = [];
  for (let cursor = ''; ;) {
    const page = await get(`/api/admin/ledger/trial-balance?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(page.body.accounts.length).toBeLessThanOrEqual(2);
    walked.push(...page.body.accounts.map((a: { account: string }) => a.account));
    if (!page.body.hasMore) break;
    cursor = page.body.nextCursor;
  }
  expect(walked).toEqual(accounts.map((a) => a.account));

  const g = await server.graphql(
    '{ trialBalance(first: 1000) { total balanced hasMore accounts { account balance userName userEmail } totals { kind balance } } }',
    {},
    adminToken,
  );
  expect(g.errors).toBeUndefined();
  expect(g.data.trialBalance.accounts).toEqual(accounts);
  expect(g.data.trialBalance.total).toBe('0.00');

  // Before anything happened: no accounts, zero.
  const before = await get(`/api/admin/ledger/trial-balance?asOf=${encodeURIComponent(new Date(started.getTime() - 86_400_000).toISOString())}`);
  expect(before.body).toMatchObject({ accounts: [], total: '0.00', hasMore: false });
});

test('the statement: opening + movements = closing, purchases with their dollars, months by default', async () => {
  const from = new Date(started.getTime() - 40 * 86_400_000).toISOString();
  const to = new Date(Date.now() + 1000).toISOString();
  const r = await get(`/api/admin/ledger/statement?from=${from}&to=${to}`);
  expect(r.status).toBe(200);
  const s = r.body;
  expect(s.opening).toBe('0.00');
  expect(s.balanced).toBe(true);
  const live = await pool.query<{ owed: string; bonuses: string }>(
    `SELECT (SELECT sum(balance) FROM ledger_account_balances)::text AS owed, (SELECT sum(amount) FROM ledger_events WHERE type = 'SignupBonusGranted')::text AS bonuses`,
  );
  expect(s.closing).toBe(formatCredits(Number(live.rows[0]!.owed)));
  const byKind = Object.fromEntries(s.movements.map((m: { kind: string; credits: string; dollars: string }) => [m.kind, m]));
  expect(Object.keys(byKind)).toEqual(['purchases', 'signupBonuses', 'adjustmentsUp', 'adjustmentsDown', 'processingCharged', 'refunds']);
  expect(byKind.purchases.dollars).toBe(formatCredits(dollarsCents));
  expect(byKind.signupBonuses.credits).toBe(formatCredits(Number(live.rows[0]!.bonuses)));
  expect(Number(byKind.signupBonuses.credits)).toBeGreaterThanOrEqual(users.length * 100);
  expect(Number(byKind.processingCharged.credits)).toBeLessThanOrEqual(0);
  expect(Number(byKind.adjustmentsDown.credits)).toBeLessThanOrEqual(0);
  // 40 days back and today: two or three calendar months, chained, each balanced.
  expect(s.periods.length).toBeGreaterThanOrEqual(2);
  for (const [i, p] of s.periods.entries()) {
    expect(p.balanced).toBe(true);
    if (i > 0) expect(p.opening).toBe(s.periods[i - 1].closing);
  }
  expect(s.periods.at(-1).closing).toBe(s.closing);
  // Each user named beside the id, their movements adding up to the period's (issue 34 item 6).
  expect(s.usersTruncated).toBe(false);
  const cents = (x: string) => Math.round(Number(x) * 100);
  expect(s.users.reduce((t: number, u: { credits: string }) => t + cents(u.credits), 0)).toBe(cents(s.closing) - cents(s.opening));
  for (const u of users) {
    const line = s.users.find((x: { userId: string }) => x.userId === u.id);
    expect(line).toMatchObject({ userName: expect.any(String), userEmail: expect.stringMatching(/@example\.com$/) });
    expect(line.movements.reduce((t: number, m: { credits: string }) => t + cents(m.credits), 0)).toBe(cents(line.credits));
  }

  const g = await server.graphql(
    'query($f: String, $t: String) { ledgerStatement(from: $f, to: $t, groupBy: "none") { opening closing balanced periods { from } movements { kind credits dollars } users { userId userName userEmail credits } } }',
    { f: from, t: to },
    adminToken,
  );
  expect(g.errors).toBeUndefined();
  expect(g.data.ledgerStatement).toMatchObject({ opening: s.opening, closing: s.closing, balanced: true, periods: [], movements: s.movements });
  expect(g.data.ledgerStatement.users).toEqual(s.users.map(({ movements: _, ...u }: { movements: unknown }) => u));

  // A period with no events: zeros, not an error.
  const empty = await get('/api/admin/ledger/statement?from=2001-01-01&to=2001-02-01');
  expect(empty.status).toBe(200);
  expect(empty.body).toMatchObject({ opening: '0.00', closing: '0.00', balanced: true });
  expect(empty.body.movements.every((m: { credits: string; dollars: string }) => m.credits === '0.00' && m.dollars === '0.00')).toBe(true);
});

test('the journal: one row per posting, each event summing to zero, formulas guarded', async () => {
  const res = await fetch(`${server.url}/api/admin/ledger/journal.csv?from=2000-01-01&to=2100-01-01`, { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  const rows: string[][] = parse(await res.text());
  expect(rows[0]).toEqual([...JOURNAL_CSV_COLUMNS]);
  const body = rows.slice(1);
  const postings = await pool.query<{ n: string }>('SELECT count(*)::text AS n FROM ledger_postings');
  expect(body.length).toBe(Number(postings.rows[0]!.n));
  const perEvent = new Map<string, number>();
  for (const [, eventId, , , debit, credit] of body) {
    expect(Boolean(debit) !== Boolean(credit)).toBe(true);
    perEvent.set(eventId!, (perEvent.get(eventId!) ?? 0) + Math.round(Number(credit || 0) * 100) - Math.round(Number(debit || 0) * 100));
  }
  expect([...perEvent.values()].every((v) => v === 0)).toBe(true);
  const reasons = body.map((r) => r[8]).filter(Boolean);
  if (reasons.length) expect(reasons.every((x) => x === `'=HYPERLINK("x")`)).toBe(true);
  // Each user named beside the id (the last two columns).
  const me = await server.request('GET', '/api/user/profile', { token: users[0]!.token });
  const theirs = body.filter((r) => r[6] === users[0]!.id);
  expect(theirs.length).toBeGreaterThan(0);
  for (const r of theirs) expect(r.slice(9)).toEqual([me.body.user.username, me.body.user.email]);
  // Time order.
  const dates = body.map((r) => r[0]!);
  expect([...dates].sort()).toEqual(dates);
});

test('bad input answers 400 with a message, unknown users 404, non-admins 403', async () => {
  const u = users[0]!;
  const cases: [string, number, RegExp][] = [
    ['/api/admin/ledger/trial-balance?asOf=yesterday', 400, /asOf must be a date/],
    ['/api/admin/ledger/trial-balance?asOf=2026-02-30', 400, /asOf must be a date/],
    ['/api/admin/ledger/trial-balance?asOf=99999-01-01', 400, /asOf must be a date between the years 1 and 9999/],
    ['/api/admin/ledger/trial-balance?asOf=0000-01-01', 400, /between the years 1 and 9999/],
    ['/api/admin/ledger/trial-balance?limit=0', 400, /limit must be a whole number/],
    ['/api/admin/ledger/trial-balance?cursor=%27%3B--', 400, /cursor/],
    ['/api/admin/ledger/statement?from=2026-03-01&to=2026-02-01', 400, /from must be before to/],
    ['/api/admin/ledger/statement?from=2026-03-01&to=2026-03-01', 400, /from must be before to/],
    ['/api/admin/ledger/statement?from=1990-01-01&to=2026-01-01', 400, /more than 120 months/],
    ['/api/admin/ledger/statement?groupBy=week', 400, /groupBy/],
    ['/api/admin/ledger/journal.csv?from=nope', 400, /from must be a date/],
    ['/api/admin/ledger/journal.csv?from=2026-02-01&to=2026-01-01', 400, /from must be before to/],
    [`/api/admin/users/${u.id}/balance?asOf=13/01/2026`, 400, /asOf must be a date/],
    ['/api/admin/users/not-an-id/balance', 400, /Invalid user id/],
    ['/api/admin/users/00000000-0000-4000-8000-000000000000/balance', 404, /User not found/],
  ];
  for (const [path, status, message] of cases) {
    const r = await get(path);
    expect([path, r.status]).toEqual([path, status]);
    expect(r.body.message ?? r.body.error).toMatch(message);
  }
  for (const path of ['/api/admin/ledger/trial-balance', '/api/admin/ledger/statement', '/api/admin/ledger/journal.csv', `/api/admin/users/${u.id}/balance`]) {
    expect((await get(path, u.token)).status).toBe(403);
    expect((await get(path, null)).status).toBe(401);
  }
  // An administrator's API token without the `admin` scope: 403; with it: 200.
  const make = async (scopes: string[]) =>
    (await server.request('POST', '/api/user/tokens', { token: adminToken, body: { name: `t${scopes.join('')}`, scopes } })).body.secret as string;
  expect((await get('/api/admin/ledger/trial-balance', await make(['read', 'write']))).status).toBe(403);
  expect((await get('/api/admin/ledger/trial-balance', await make(['admin']))).status).toBe(200);
  const g = await server.graphql('{ trialBalance(asOf: "not a date") { total } }', {}, adminToken);
  expect(g.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  const forbidden = await server.graphql('{ ledgerStatement { opening } }', {}, u.token);
  expect(forbidden.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
});
