/**
 * Notification e-mails below HTTP: a run's end (the event processing emits) e-mailed to its owner
 * through the mail queue to a real SMTP server on loopback, with the counts, a link and the RFC 8058
 * unsubscribe headers; the same run twice is one message; a kind turned off (in settings or by
 * its signed link) is not sent; a low balance after a run warns once.
 */
import { until } from '../../../test/support/until.js';
import type { ServiceDatabase } from '../../../test/support/service-tier.js';
import { headerOf, partOf, type SmtpSink } from '../../../test/support/smtp-sink.js';
import { startMailTier, TEST_PUBLIC_URL, type MailTier } from '../mail/test-support/mail-tier.js';
import { EventBus } from '../../platform/events/events.js';
import { UsersService } from '../users/users.service.js';
import type { MailService } from '../mail/mail.service.js';
import { NotificationsService } from './notifications.service.js';
import { NOTIFICATION_KINDS } from './notification-settings.js';

const PUBLIC_URL = TEST_PUBLIC_URL;

let sink: SmtpSink;
let db: ServiceDatabase;
let mail: MailService;
let notifications: NotificationsService;
let events: EventBus;

let tier: MailTier;

beforeAll(async () => {
  tier = await startMailTier('notiftest');
  ({ sink, db, mail } = tier);
  const users = new UsersService(db.orm);
  notifications = new NotificationsService(
    db.pool,
    mail,
    {
      user: async (id) => (await users.summaries([id])).get(id) ?? null,
      projectName: async () => 'Coast 2026',
      balanceCents: (id) => db.ledger.balance(id),
    },
    db.logger,
  );
  events = new EventBus(db.logger, () => undefined);
  events.on('processing.runFinished', 'notifications.runFinished', (p) => notifications.runFinished(p));
  events.on('delivery.finished', 'notifications.deliveryFinished', (p) => notifications.deliveryFinished(p));
});

afterAll(() => tier?.close());

const receivedFor = (to: string) => sink.received.filter((m) => m.to.includes(to));
const messagesOf = async (userId: string) => (await mail.store.list({ limit: 200, offset: 0 })).items.filter((m) => m.userId === userId);
const run = (userId: string, o: { failed?: number; spentCents?: number } = {}) => ({
  runId: crypto.randomUUID(),
  projectId: crypto.randomUUID(),
  userId,
  totalJobs: 5,
  succeeded: 5 - (o.failed ?? 0),
  failed: o.failed ?? 0,
  spentCents: o.spentCents ?? 0,
});

it('a run with failed sets is e-mailed once with the counts, a link and one-click unsubscribe headers that turn that kind off', async () => {
  const user = await db.signUp();
  const finished = run(user.id, { failed: 2 });
  await events.emit('processing.runFinished', finished);
  await events.emit('processing.runFinished', finished); // delivered twice: one message
  const [got] = await until(() => receivedFor(user.email).length > 0 && receivedFor(user.email), 'the e-mail');
  expect(headerOf(got!.raw, 'Subject')).toMatch(/^=\?UTF-8\?Q\?Processing_of_=22Coast_2026=22/); // quotes: encoded-word
  expect((await messagesOf(user.id))[0]!.subject).toBe('Processing of "Coast 2026": 2 of 5 sets failed');
  const text = partOf(got!.raw, 'text/plain');
  expect(text).toMatch(/Processed\s*:?\s*3/);
  expect(text).toMatch(/Failed\s*:?\s*2/);
  expect(text).toContain(`${PUBLIC_URL}/project/${finished.projectId}`);
  expect(headerOf(got!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  const link = /^<(.+)>$/.exec(headerOf(got!.raw, 'List-Unsubscribe')!)![1]!;
  expect(link.startsWith(`${PUBLIC_URL}/api/notifications/unsubscribe?token=${user.id}.processing-failed.`)).toBe(true);
  expect(text).toContain(link);
  expect(await messagesOf(user.id)).toHaveLength(1);

  // The link's token, changed by one character, names nothing; as sent, it turns the kind off.
  const token = new URL(link).searchParams.get('token')!;
  expect(await notifications.unsubscribe(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
  expect(await notifications.unsubscribe(token.replace('processing-failed', 'credits-low'))).toBeNull();
  expect(await notifications.unsubscribe(token)).toMatchObject({ userId: user.id, kind: 'processing-failed' });
  const kinds = (await notifications.settingsOf(user.id)).kinds;
  expect(kinds.find((k) => k.kind === 'processing-failed')!.enabled).toBe(false);
  expect(kinds.find((k) => k.kind === 'processing-finished')!.enabled).toBe(true);

  await events.emit('processing.runFinished', run(user.id, { failed: 1 }));
  await events.emit('processing.runFinished', run(user.id)); // finished is still on
  await until(async () => (await messagesOf(user.id)).some((m) => m.kind === 'processing-finished'), 'the finished e-mail');
  expect((await messagesOf(user.id)).map((m) => m.kind).sort()).toEqual(['processing-failed', 'processing-finished']);
});

it('a run that takes the balance below the threshold warns once; a kind turned off in settings is not sent; bad settings are refused', async () => {
  const user = await db.signUp();
  await notifications.setKind(user.id, 'processing-finished', false);
  await expect(notifications.setKind(user.id, 'everything', false)).rejects.toMatchObject({ message: expect.stringMatching(/^Kind must be one of/) });
  await expect(notifications.setLowCredits(user.id, -1)).rejects.toMatchObject({ message: expect.stringMatching(/between 0 and/) });
  expect((await notifications.setLowCredits(user.id, 5)).lowCreditsBelow).toBe('5.00');
  // Balance 0 after spending 2.00: it was at 2.00, under 5.00 already: no warning.
  await events.emit('processing.runFinished', run(user.id, { spentCents: 200 }));
  // Spending 8.00 took it from 8.00 to 0, across 5.00: one warning.
  const crossing = run(user.id, { spentCents: 800 });
  await events.emit('processing.runFinished', crossing);
  await events.emit('processing.runFinished', crossing);
  const [got] = await until(() => receivedFor(user.email).length > 0 && receivedFor(user.email), 'the low-credit e-mail');
  expect(headerOf(got!.raw, 'Subject')).toBe('Your Shotlog credits are running low: 0.00 left');
  expect(partOf(got!.raw, 'text/plain')).toContain(`${PUBLIC_URL}/purchase-credits`);
  expect((await messagesOf(user.id)).map((m) => m.kind)).toEqual(['credits-low']);
});

it('a delivery that ended with files not delivered is e-mailed once as delivery-failed; an all-sent one as delivery-finished', async () => {
  const user = await db.signUp();
  const failed = { deliveryId: crypto.randomUUID(), projectId: crypto.randomUUID(), userId: user.id, sent: 3, failed: 1 };
  await events.emit('delivery.finished', failed);
  await events.emit('delivery.finished', failed); // two files ending at once both announce it
  await events.emit('delivery.finished', { ...failed, deliveryId: crypto.randomUUID(), failed: 0 });
  await until(() => receivedFor(user.email).length >= 2 && receivedFor(user.email), 'both e-mails');
  const rows = await messagesOf(user.id);
  expect(rows.map((m) => m.subject).sort()).toEqual(['Delivery of "Coast 2026" finished: 3 files', 'Delivery of "Coast 2026": 1 file not delivered']);
  expect(rows.every((m) => m.unsubscribeUrl?.includes(`token=${user.id}.delivery-`))).toBe(true);
});

it("saves a new user's settings sent at once (the first write makes the row; none of the others fails)", async () => {
  const kinds = Object.keys(NOTIFICATION_KINDS);
  // Each kind turned off twice at once, for 20 new users: first writes racing to make each user's
  // row (an insert that waited for another's is a no-op its own statement cannot see past).
  for (let i = 0; i < 20; i++) {
    const user = await db.signUp();
    await Promise.all(kinds.flatMap((k) => [notifications.setKind(user.id, k, false), notifications.setKind(user.id, k, false)]));
    expect((await notifications.settingsOf(user.id)).kinds.map((k) => [k.kind, k.enabled])).toEqual(kinds.map((k) => [k, false]));
  }
});
