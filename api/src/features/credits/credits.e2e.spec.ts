import { parse } from 'csv-parse/sync';
import { signUp, startTestServerWithAdmin, type StartedTestServer } from '../../../test/support/test-server.js';

let server: StartedTestServer;
let adminToken: string;

beforeAll(async () => {
  // Four connections per pool: 20 approvals at once of one request held them all, each waiting for a
  // fifth for its ledger append, when the ledger shared the pool (a loaded run hung this file).
  ({ server, adminToken } = await startTestServerWithAdmin({ username: 'finance', password: 'finance-pass' }, { env: { DATABASE_POOL_MAX: '4' } }));
});
afterAll(() => server.close());

const balance = async (token: string) => (await server.request('GET', '/api/user/credits/balance', { token })).body.creditBalance;

describe('balance and history', () => {
  it('grants 100 credits at sign-up, once, shown in balance, GraphQL and history', async () => {
    const u = await signUp(server);
    expect(await balance(u.token)).toBe(100);
    const me = await server.graphql(
      '{ me { creditBalance } transactions { totalCount edges { node { description amount balanceAfterTransaction transactionType } } } }',
      {},
      u.token,
    );
    expect(me.data.me.creditBalance).toBe('100.00');
    expect(me.data.transactions.totalCount).toBe(1);
    expect(me.data.transactions.edges[0].node).toEqual({
      description: 'Sign-up bonus',
      amount: '100.00',
      balanceAfterTransaction: '100.00',
      transactionType: 'credit',
    });
    const rest = await server.request('GET', '/api/user/transactions?limit=50&offset=0', { token: u.token });
    expect(rest.body.total).toBe(1);
    expect(rest.body.transactions[0]).toMatchObject({ amount: 100, balanceAfterTransaction: 100, transactionType: 'credit' });
    expect(Object.keys(rest.body.transactions[0])).toEqual(
      expect.arrayContaining(['id', 'createdAt', 'description', 'amount', 'balanceAfterTransaction', 'transactionType']),
    );
  });

  it('refuses bad paging and signed-out calls', async () => {
    const u = await signUp(server);
    expect((await server.request('GET', '/api/user/transactions?limit=abc', { token: u.token })).status).toBe(400);
    expect((await server.request('GET', '/api/user/transactions?offset=-1', { token: u.token })).status).toBe(400);
    expect((await server.request('GET', '/api/user/credits/balance')).status).toBe(401);
  });
});

describe('purchases', () => {
  it('lists packages without a token: second is best value, savings against 0.10/credit, cheaper per credit with volume', async () => {
    const r = await server.request('GET', '/api/purchase/packages');
    expect(r.status).toBe(200);
    expect(r.body.packages.length).toBeGreaterThanOrEqual(3);
    expect(r.body.packages.map((p: { bestValue: boolean }) => p.bestValue)).toEqual([false, true, false]);
    const [a, b, c] = r.body.packages;
    // More credits never cost more per credit (issue 16: the 1,000 pack cost more per credit than the 500 one).
    expect(b.credits).toBeGreaterThan(a.credits);
    expect(c.credits).toBeGreaterThan(b.credits);
    expect(b.pricePerCredit).toBeLessThan(a.pricePerCredit);
    expect(c.pricePerCredit).toBeLessThan(b.pricePerCredit);
    for (const p of r.body.packages) expect(p.savingsPercent).toBe(Math.round((1 - p.price / p.credits / 0.1) * 100));
  });

  it('walks request -> concurrent approvals -> credited exactly once, and reject with a reason', async () => {
    const u = await signUp(server);
    const pkg = (await server.request('GET', '/api/purchase/packages')).body.packages[1];
    const created = await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkg.id } });
    expect(created.status).toBe(201);
    const id = created.body.request.id;
    const mine = await server.request('GET', '/api/purchase/requests', { token: u.token });
    expect(mine.body.requests[0]).toMatchObject({ id, status: 'pending', CreditPackage: { name: pkg.name, credits: pkg.credits, price: pkg.price } });

    // Non-admins cannot decide.
    expect((await server.request('POST', `/api/admin/purchase-requests/${id}/approve`, { token: u.token, body: {} })).status).toBe(403);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.request('POST', `/api/admin/purchase-requests/${id}/approve`, { token: adminToken, body: {} })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await balance(u.token)).toBe(100 + pkg.credits);
    const hist = await server.request('GET', '/api/user/transactions', { token: u.token });
    expect(hist.body.transactions.filter((t: { transactionType: string }) => t.transactionType === 'purchase')).toHaveLength(1);

    const second = (await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkg.id } })).body.request.id;
    const rejected = await server.request('POST', `/api/admin/purchase-requests/${second}/reject`, {
      token: adminToken,
      body: { adminNotes: 'Payment not received' },
    });
    expect(rejected.status).toBe(200);
    const again = await server.request('POST', `/api/admin/purchase-requests/${second}/approve`, { token: adminToken, body: {} });
    expect([again.status, again.body.message]).toEqual([409, 'Purchase request is already rejected']);
    const list = await server.graphql('{ myPurchaseRequests { edges { node { id status adminNotes } } } }', {}, u.token);
    expect(list.data.myPurchaseRequests.edges.find((e: { node: { id: string } }) => e.node.id === second).node).toEqual({
      id: second,
      status: 'rejected',
      adminNotes: 'Payment not received',
    });
    expect(await balance(u.token)).toBe(100 + pkg.credits);
    const byStatus = await server.request('GET', '/api/admin/purchase-requests?status=rejected', { token: adminToken });
    expect(byStatus.body.requests.map((r: { id: string }) => r.id)).toContain(second);
    expect((await server.request('GET', '/api/admin/purchase-requests?status=weird', { token: adminToken })).status).toBe(400);
  });

  it('refuses unknown packages and requests; the same idempotency key creates one request', async () => {
    const u = await signUp(server);
    const missing = await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: '00000000-0000-0000-0000-000000000000' } });
    expect([missing.status, missing.body.message]).toEqual([404, 'Credit package not found']);
    expect((await server.request('POST', '/api/purchase/request', { token: u.token, body: {} })).status).toBe(400);
    expect(
      (await server.request('POST', '/api/admin/purchase-requests/00000000-0000-0000-0000-000000000000/approve', { token: adminToken, body: {} })).status,
    ).toBe(404);
    const pkgs = (await server.request('GET', '/api/purchase/packages')).body.packages;
    const headers = { 'idempotency-key': 'retry-1' };
    const a = await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[0].id }, headers });
    const b = await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[0].id }, headers });
    expect(b.body.request.id).toBe(a.body.request.id);
    const c = await server.request('POST', '/api/purchase/request', { token: u.token, body: { packageId: pkgs[1].id }, headers });
    expect(c.status).toBe(409);
  });
});

describe('admin controls', () => {
  it('adjusts credits with the exact messages, default reason, and refuses bad amounts without writing', async () => {
    const u = await signUp(server);
    const add = await server.request('POST', `/api/admin/users/${u.id}/credits`, { token: adminToken, body: { amount: 12.5 } });
    expect(add.status).toBe(200);
    expect(add.body).toMatchObject({ message: 'Successfully added 12.50 credits. New balance: 112.50', newBalance: 112.5 });
    const remove = await server.request('POST', `/api/admin/users/${u.id}/credits`, {
      token: adminToken,
      body: { amount: '-2.50', description: 'Duplicate bonus' },
    });
    expect(remove.body.message).toBe('Successfully removed 2.50 credits. New balance: 110.00');
    const hist = (await server.request('GET', '/api/user/transactions', { token: u.token })).body.transactions;
    expect(hist.slice(0, 2).map((t: { description: string; transactionType: string }) => [t.description, t.transactionType])).toEqual([
      ['Duplicate bonus', 'deduction'],
      ['Manual adjustment by admin', 'credit'],
    ]);

    const bad: Array<[unknown, number, string | RegExp]> = [
      [undefined, 400, 'Please enter a valid credit amount'],
      ['abc', 400, 'Please enter a valid credit amount'],
      ['NaN', 400, 'Please enter a valid credit amount'],
      ['Infinity', 400, 'Please enter a valid credit amount'],
      [1.234, 400, /2 decimal/],
      [0, 400, /non-zero/],
      [1e15, 400, /.+/],
      [-1000, 402, /.+/],
    ];
    for (const [amount, status, message] of bad) {
      const r = await server.request('POST', `/api/admin/users/${u.id}/credits`, { token: adminToken, body: { amount } });
      expect(r.status).toBe(status);
      expect(r.body.error).toMatch(message);
    }
    expect(await balance(u.token)).toBe(110);
    const noUser = await server.request('POST', `/api/admin/users/00000000-0000-0000-0000-000000000000/credits`, { token: adminToken, body: { amount: 1 } });
    expect(noUser.status).toBe(404);
    const gqlNoUser = await server.graphql('mutation{ adjustUserCredits(userId:"", amount:"1"){ message } }', {}, adminToken);
    expect(gqlNoUser.errors?.[0]).toMatchObject({ message: 'Please select a user', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('changes the markup within 0..1000 and the cost per file set follows at once', async () => {
    const ok = await server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: adminToken, body: { value: 100 } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ message: 'Markup updated to 100%. This affects all future processing costs.', costPerFileset: 0.04 });
    const settings = await server.request('GET', '/api/admin/settings', { token: adminToken });
    expect(settings.body.settings).toEqual(expect.arrayContaining([expect.objectContaining({ key: 'CREDIT_MARKUP_PERCENTAGE', value: '100' })]));
    for (const value of [-1, 1001, 'abc', null]) {
      const r = await server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: adminToken, body: { value } });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/markup percentage/i);
    }
    await server.request('PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE', { token: adminToken, body: { value: 50 } });
  });

  it('answers 403 to users and 401 to visitors on every admin route', async () => {
    const u = await signUp(server);
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/settings'],
      ['POST', `/api/admin/users/${u.id}/credits`],
      ['PUT', '/api/admin/settings/CREDIT_MARKUP_PERCENTAGE'],
      ['GET', '/api/admin/purchase-requests'],
      ['GET', '/api/admin/ledger/events'],
      ['GET', '/api/admin/ledger/verify'],
      ['GET', '/api/admin/ledger/replay'],
    ];
    for (const [method, path] of routes) {
      const body = method === 'GET' ? undefined : {};
      expect([path, (await server.request(method, path, { token: u.token, body })).status]).toEqual([path, 403]);
      expect([path, (await server.request(method, path, { body })).status]).toEqual([path, 401]);
    }
    for (const q of [
      '{ adminUsers { totalCount } }',
      '{ settings { key } }',
      '{ ledgerVerification { ok } }',
      '{ ledgerReplay { ok } }',
      '{ adminPurchaseRequests { totalCount } }',
    ]) {
      expect((await server.graphql(q, {}, u.token)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('explores, exports, verifies and replays the ledger', async () => {
    const users = await server.request('GET', '/api/admin/users', { token: adminToken });
    expect(users.body.users[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), username: expect.any(String), email: expect.any(String), creditBalance: expect.any(Number) }),
    );
    const events = await server.request('GET', '/api/admin/ledger/events?type=AdminAdjusted&limit=10', { token: adminToken });
    expect(events.status).toBe(200);
    expect(events.body.events.length).toBeGreaterThan(0);
    expect(events.body.events.every((e: { type: string; actorId: string }) => e.type === 'AdminAdjusted' && e.actorId)).toBe(true);
    const csv = await server.request('GET', '/api/admin/ledger/events?format=csv', { token: adminToken });
    expect([csv.status, csv.headers.get('content-type'), csv.body]).toEqual([200, expect.stringMatching(/text\/csv/), expect.any(String)]);
    expect(String(csv.body).split(/\r?\n/)[0]).toBe(
      'sequence,id,createdAt,userId,username,type,amount,actorId,actorUsername,reason,streamVersion,hash,prevHash',
    );
    // Every row names its user (and its administrator, when one acted), not just the first users.
    const rows: Array<Record<string, string>> = parse(String(csv.body), { columns: true });
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.username !== '' && (r.actorId === '') === (r.actorUsername === ''))).toBe(true);
    expect(rows.some((r) => r.type === 'AdminAdjusted' && r.actorUsername === 'finance')).toBe(true);
    expect((await server.request('GET', '/api/admin/ledger/events?from=yesterday-ish', { token: adminToken })).status).toBe(400);

    // GraphQL names each event's user and actor (one batched read per page); null actor for the user's or the system's own events.
    const owner = await signUp(server);
    const others = await Promise.all([signUp(server), signUp(server), signUp(server)]);
    await server.request('POST', `/api/admin/users/${owner.id}/credits`, { token: adminToken, body: { amount: 3, description: 'Named in the explorer' } });
    const named = await server.graphql(
      `query($first: Int!, $filter: LedgerEventFilter) { ledgerEvents(first: $first, filter: $filter) { edges { node { type userId actorId reason user { id username email } actor { id username email } } } } }`,
      { first: 200 },
      adminToken,
    );
    expect(named.errors).toBeUndefined();
    const nodes = named.data.ledgerEvents.edges.map((e: { node: unknown }) => e.node) as Array<{
      type: string;
      userId: string;
      actorId: string | null;
      reason: string | null;
      user: { id: string; username: string; email: string } | null;
      actor: { username: string } | null;
    }>;
    for (const u of [owner, ...others]) {
      const mine = nodes.filter((n) => n.userId === u.id);
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.every((n) => n.user && n.user.id === u.id && n.user.username === u.username && n.user.email === `${u.username}@example.com`)).toBe(true);
    }
    expect(nodes.every((n) => n.user !== null && (n.actorId === null) === (n.actor === null))).toBe(true);
    expect(nodes.find((n) => n.userId === owner.id && n.type === 'SignupBonusGranted')?.actor).toBeNull();
    expect(nodes.find((n) => n.userId === owner.id && n.reason === 'Named in the explorer')?.actor).toEqual({
      id: expect.any(String),
      username: 'finance',
      email: expect.any(String),
    });
    // The names are administrators' business too.
    const denied = await server.graphql('{ ledgerEvents(first: 1) { edges { node { user { username } } } } }', {}, owner.token);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const verify = await server.request('GET', '/api/admin/ledger/verify', { token: adminToken });
    expect(verify.body.ok).toBe(true);
    const replay = await server.graphql('{ ledgerReplay { ok eventsReplayed differences { userId } } }', {}, adminToken);
    expect(replay.data.ledgerReplay.ok).toBe(true);
    expect(replay.data.ledgerReplay.eventsReplayed).toBeGreaterThan(5);
  });
});

describe('purchases that can be paid (issue 34 item 3)', () => {
  const SET = `mutation S($input: PaymentInstructionsInput!) { setPaymentInstructions(input: $input) { bank paypal venmo other } }`;
  /** The outbox (no SMTP_URL in tests: every message is kept there), waited for a message of `kind` to `to`. */
  async function mailTo(to: string, kind: string) {
    for (const end = Date.now() + 20_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const found = (await server.services.mail.outbox({ limit: 200 })).items.find((m) => m.to === to && m.kind === kind);
      if (found) return found;
    }
    throw new Error(`no ${kind} e-mail to ${to}`);
  }

  it('gives a request a short reference; the buyer is e-mailed amount, reference and instructions; admins hear of it and of the proof; the decision reaches the buyer', async () => {
    const set = await server.graphql(
      SET,
      { input: { bank: 'Shotlog Ltd\nIBAN DE00 1234 5678', paypal: 'pay@shotlog.example', venmo: '', other: '' } },
      adminToken,
    );
    expect(set.data.setPaymentInstructions).toEqual({ bank: 'Shotlog Ltd\nIBAN DE00 1234 5678', paypal: 'pay@shotlog.example', venmo: '', other: '' });
    const buyer = await signUp(server);
    const { email } = (await server.request('GET', '/api/user/profile', { token: buyer.token })).body.user;
    const packages = (await server.request('GET', '/api/purchase/packages')).body.packages;
    const created = await server.request('POST', '/api/purchase/request', { token: buyer.token, body: { packageId: packages[0].id } });
    expect(created.status).toBe(201);
    const { id, reference } = created.body.request;
    expect(reference).toMatch(/^SL-[2-9A-HJKMNP-Z]{5}$/);

    const toBuyer = await mailTo(email, 'purchase-requested');
    expect(toBuyer.subject).toBe(`Your Shotlog purchase ${reference}: how to pay $${packages[0].price.toFixed(2)}`);
    expect(toBuyer.text).toMatch(new RegExp(`Reference: +${reference}\n`));
    expect(toBuyer.text).toContain('> IBAN DE00 1234 5678');
    expect(toBuyer.text).toContain('> pay@shotlog.example');
    expect(toBuyer.text).not.toContain('Venmo');
    const admin = (await server.services.users.admins())[0]!;
    expect((await mailTo(admin.email, 'purchase-new-admin')).subject).toContain(reference);

    const proof = await server.request('POST', `/api/purchase/requests/${id}/proof`, {
      token: buyer.token,
      body: { paymentProof: 'Transfer of 27 Nov, bank ref 9912' },
    });
    expect(proof.status).toBe(200);
    expect(proof.body.request.paymentProof).toBe('Transfer of 27 Nov, bank ref 9912');
    expect((await mailTo(admin.email, 'purchase-proof-admin')).text).toContain('> Transfer of 27 Nov, bank ref 9912');
    const tooLong = await server.request('POST', `/api/purchase/requests/${id}/proof`, { token: buyer.token, body: { paymentProof: 'x'.repeat(1001) } });
    expect(tooLong.status).toBe(400);

    const rejected = await server.request('POST', `/api/admin/purchase-requests/${id}/reject`, {
      token: adminToken,
      body: { adminNotes: 'No payment arrived with this reference' },
    });
    expect(rejected.status).toBe(200);
    const decided = await mailTo(email, 'purchase-rejected');
    expect(decided.subject).toBe(`Purchase ${reference} was not approved`);
    expect(decided.text).toContain('> No payment arrived with this reference');
    const late = await server.request('POST', `/api/purchase/requests/${id}/proof`, { token: buyer.token, body: { paymentProof: 'again' } });
    expect(late.status).toBe(409);
  });

  it('refuses payment instructions over their limits with a message', async () => {
    const r = await server.graphql(SET, { input: { bank: 'x'.repeat(1001) } }, adminToken);
    expect(r.errors?.[0]).toMatchObject({ message: 'Bank transfer must be at most 1000 characters', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
