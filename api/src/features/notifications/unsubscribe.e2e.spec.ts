/**
 * The unsubscribe link of a notification e-mail over HTTP, signed out: GET shows what it turns off
 * and a button, a mail client's RFC 8058 one-click POST turns it off (the settings show it), a
 * changed link is a clear 400 page that changes nothing; the in-app list shows what was sent.
 */
import { signUp, startTestServer, type StartedTestServer } from '../../../test/support/test-server.js';

let server: StartedTestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const SETTINGS = `{ notificationSettings { kinds { kind enabled } } }`;

it('GET confirms, one-click POST turns the kind off without sign-in; a changed token changes nothing', async () => {
  const user = await signUp(server);
  const run = { runId: crypto.randomUUID(), projectId: crypto.randomUUID(), userId: user.id, totalJobs: 2, succeeded: 2, failed: 0, spentCents: 0 };
  await server.services.events.emit('processing.runFinished', run);
  const [message] = (await server.services.mail.store.list({ limit: 50, offset: 0 })).items.filter((m) => m.userId === user.id);
  expect(message).toMatchObject({ kind: 'processing-finished' });
  const link = new URL(message!.unsubscribeUrl!);
  expect(message!.text).toContain(message!.unsubscribeUrl!);
  const path = `${link.pathname}${link.search}`;

  // The in-app list shows the same notification.
  const inApp = await server.graphql('{ myNotifications(first: 5) { kind subject } }', {}, user.token);
  expect(inApp.data.myNotifications).toEqual([{ kind: 'processing-finished', subject: message!.subject }]);
  const tooMany = await server.graphql('{ myNotifications(first: 500) { kind } }', {}, user.token);
  expect(tooMany.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');

  const page = await fetch(server.url + path);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Processing finished (every set processed)');
  expect(html).toMatch(/<form method="post"[^>]*><input[^>]*><button type="submit">Unsubscribe<\/button>/);

  const token = link.searchParams.get('token')!;
  const changed = await fetch(`${server.url}${link.pathname}?token=${encodeURIComponent(token.slice(0, -2) + 'xx')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(changed.status).toBe(400);
  expect(await changed.text()).toContain('Nothing was changed');
  const before = await server.graphql(SETTINGS, {}, user.token);
  expect(before.data.notificationSettings.kinds.find((k: { kind: string }) => k.kind === 'processing-finished').enabled).toBe(true);

  const oneClick = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  expect(await oneClick.text()).toContain('You will no longer receive');
  const after = await server.graphql(SETTINGS, {}, user.token);
  expect(after.data.notificationSettings.kinds.find((k: { kind: string }) => k.kind === 'processing-finished').enabled).toBe(false);

  // Back on in settings, by the owner only (the user is named by the token, no id argument).
  const on = await server.graphql(`mutation { setNotificationEnabled(kind: "processing-finished", enabled: true) { kinds { kind enabled } } }`, {}, user.token);
  expect(on.data.setNotificationEnabled.kinds.find((k: { kind: string }) => k.kind === 'processing-finished').enabled).toBe(true);
  const bad = await server.graphql(`mutation { setLowCreditsThreshold(credits: -5) { lowCreditsBelow } }`, {}, user.token);
  expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
});
