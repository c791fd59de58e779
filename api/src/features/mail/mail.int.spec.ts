/**
 * E-mail end to end below HTTP: a message recorded, queued on the test Redis, sent by MailWorker
 * through nodemailer to a real SMTP server on loopback (STARTTLS, certificate verified, login), and
 * what arrives: headers, text, a reset link that works once. Refusals retry and show the server's
 * answer; no STARTTLS means nothing is sent in clear; no SMTP_URL keeps messages in the outbox.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ServiceDatabase } from '../../../test/support/service-tier.js';
import { TEST_REDIS_URL } from '../../../test/support/test-database.js';
import { until } from '../../../test/support/until.js';
import { headerNames, headerOf, partOf, startSmtpSink, SMTP_USER, type SmtpSink } from '../../../test/support/smtp-sink.js';
import { createQueueBackend } from '../../platform/queue/queue-backend.js';
import { loadConfig } from '../../platform/config/config.js';
import { EventBus } from '../../platform/events/events.js';
import { UsersService } from '../users/users.service.js';
import { ApiTokensService } from '../api-tokens/api-tokens.service.js';
import { AuthService, FORGOT_PASSWORD_ANSWER } from '../auth/auth.service.js';
import { JwtService } from '../auth/jwt.js';
import { AttemptLimiter, PgAttemptStore } from '../auth/rate-limit.js';
import { PasswordResets, RESET_LINK_MESSAGES, resetLinkUrl } from '../auth/password-resets.js';
import { MailService } from './mail.service.js';
import { MailNotices } from './mail-notices.js';
import { MailWorker } from './mail-worker.js';
import type { MailMessageRow } from './mail-store.js';
import { startMailTier, TEST_PUBLIC_URL, type MailTier } from './test-support/mail-tier.js';
import { ContactService } from '../contact/contact.service.js';
import { CONTACT_SENT } from '../contact/contact.resolver.js';

const PUBLIC_URL = TEST_PUBLIC_URL;

let sink: SmtpSink;
let db: ServiceDatabase;
let mail: MailService;
let auth: AuthService;
let resets: PasswordResets;
let contact: ContactService;
let users: UsersService;

let tier: MailTier;

beforeAll(async () => {
  tier = await startMailTier('mailtest', { MAIL_FROM: 'Shotlog <no-reply@shotlog.example.com>', MAIL_ATTEMPTS: '4' });
  ({ sink, db, mail } = tier);
  const events = new EventBus(db.logger, () => undefined);
  users = new UsersService(db.orm);
  const notices = new MailNotices(mail, db.logger, {
    paymentInstructions: async () => ({ bank: '', paypal: '', venmo: '', other: '' }),
    admins: () => users.admins(),
  });
  events.on('contact.received', 'mail.contactForAdmins', (p) => notices.contactForAdmins(p));
  events.on('contact.replied', 'mail.contactReply', (p) => notices.contactReply(p));
  events.on('auth.passwordResetRequested', 'mail.passwordReset', (p) => notices.passwordReset({ ...p, url: resetLinkUrl(p.secret, PUBLIC_URL) }));
  resets = new PasswordResets(db.orm);
  auth = new AuthService(
    users,
    new JwtService('x'.repeat(64), '1h'),
    new AttemptLimiter(1000, new PgAttemptStore(db.pool)),
    new ApiTokensService(db.orm),
    resets,
    events,
  );
  contact = new ContactService(db.pool, new AttemptLimiter(1000, new PgAttemptStore(db.pool)), events);
});

afterAll(() => tier?.close());

const rowWhere = (pred: (m: MailMessageRow) => boolean) => async () => (await mail.store.list({ limit: 200, offset: 0 })).items.find(pred);
const receivedFor = (to: string) => sink.received.filter((m) => m.to.includes(to));

it('"Forgot password?" e-mails a one-time link over STARTTLS; the link works once, then a clear refusal', async () => {
  const user = await db.signUp(`alice${randomBytes(3).toString('hex')}`);
  await auth.requestPasswordReset({ identifier: user.email.toUpperCase() }, '10.0.0.1');
  const row = await until(
    rowWhere((m) => m.userId === user.id && m.status === 'sent'),
    'the reset e-mail',
  );
  const [got] = receivedFor(user.email);
  expect(receivedFor(user.email)).toHaveLength(1);
  expect(got!.secure).toBe(true);
  expect(got!.user).toBe(SMTP_USER);
  expect(headerOf(got!.raw, 'Subject')).toBe('Reset your Shotlog password');
  expect(headerOf(got!.raw, 'From')).toBe('Shotlog <no-reply@shotlog.example.com>');
  expect(headerOf(got!.raw, 'Message-ID')).toBe(`<${row.id}@shotlog>`);
  const text = partOf(got!.raw, 'text/plain');
  expect(text).toContain(`Hello ${user.username},`);
  const link = /https:\/\/shotlog\.example\.com\/reset-password#token=([A-Za-z0-9_-]{43})/.exec(text);
  expect(link).not.toBeNull();
  expect(partOf(got!.raw, 'text/html')).toContain(`href="${link![0]}"`);

  // The link works (new password, sessions ended), once.
  const used = await resets.consume(link![1], 'new-hash');
  expect(used.id).toBe(user.id);
  await expect(resets.consume(link![1], 'other-hash')).rejects.toMatchObject({ message: RESET_LINK_MESSAGES.LINK_USED });
});

it('answers an unknown name exactly as a known one and sends nothing', async () => {
  const before = (await mail.store.list({ limit: 1, offset: 0 })).total;
  await expect(auth.requestPasswordReset({ identifier: 'nobody-at-all' }, '10.0.0.2')).resolves.toBeUndefined();
  expect(FORGOT_PASSWORD_ANSWER).toMatch(/If an account matches/);
  // A known account's request, made after, is recorded; the unknown one before it made no row.
  const known = await db.signUp(`bob${randomBytes(3).toString('hex')}`);
  await auth.requestPasswordReset({ identifier: known.username }, '10.0.0.2');
  await until(
    rowWhere((m) => m.userId === known.id),
    'the known account’s e-mail',
  );
  expect((await mail.store.list({ limit: 1, offset: 0 })).total).toBe(before + 1);
});

it('sends at most 3 reset e-mails an hour to one account, answering every request the same', async () => {
  const user = await db.signUp(`carol${randomBytes(3).toString('hex')}`);
  for (let i = 0; i < 5; i++) await auth.requestPasswordReset({ identifier: user.username }, `10.0.1.${i}`);
  // Every request counted against the account (the 4th and 5th then stop), and the three allowed recorded.
  const key = `hour:mail:${createHash('sha256').update(`reset:${user.id}`).digest('hex')}`;
  await until(async () => (await db.pool.query('SELECT count FROM auth_attempts WHERE key = $1', [key])).rows[0]?.count === 5, 'five counted requests');
  const mine = async () => (await mail.store.list({ limit: 200, offset: 0 })).items.filter((m) => m.userId === user.id);
  await until(async () => (await mine()).length >= 3, 'three e-mails');
  const rows = await mine();
  expect(rows.length).toBe(3);
});

it('sends every reset link, even two issued in the same millisecond (the later one ends the earlier)', async () => {
  const user = await db.signUp(`erin${randomBytes(3).toString('hex')}`);
  const notices = new MailNotices(mail, db.logger);
  const expiresAt = new Date(Date.now() + 3600_000);
  const secrets = [randomBytes(32).toString('base64url'), randomBytes(32).toString('base64url')];
  for (const secret of secrets)
    await notices.passwordReset({ userId: user.id, email: user.email, username: user.username, secret, expiresAt, url: resetLinkUrl(secret, PUBLIC_URL) });
  await until(() => receivedFor(user.email).length === 2, 'both e-mails');
  const links = receivedFor(user.email).map((m) => /#token=([A-Za-z0-9_-]{43})/.exec(partOf(m.raw, 'text/plain'))?.[1]);
  expect(links.sort()).toEqual([...secrets].sort());
});

it('refused malformed addresses and CR/LF in names and subjects: no header can be injected', async () => {
  await expect(mail.send({ key: 'bad-1', kind: 'test', to: 'not-an-address', content: { subject: 'x', blocks: [] } })).rejects.toMatchObject({
    code: 'BAD_USER_INPUT',
  });
  await expect(mail.send({ key: 'bad-2', kind: 'test', to: 'a@b.com\r\nBcc: evil@x.com', content: { subject: 'x', blocks: [] } })).rejects.toMatchObject({
    code: 'BAD_USER_INPUT',
  });
  const to = `dave${randomBytes(3).toString('hex')}@example.com`;
  await mail.send({
    key: `inject-${to}`,
    kind: 'test',
    to,
    toName: 'Dave\r\nBcc: evil@x.com',
    content: { subject: 'Hello\r\nBcc: evil@x.com\nX-Evil: 1', blocks: [] },
  });
  await until(() => receivedFor(to).length === 1, 'the message');
  const raw = receivedFor(to)[0]!.raw;
  expect(headerNames(raw)).not.toContain('bcc');
  expect(headerNames(raw)).not.toContain('x-evil');
  expect(receivedFor(to)[0]!.to).toEqual([to]);
  expect(headerOf(raw, 'Subject')).toBe('Hello Bcc: evil@x.com X-Evil: 1');
});

it('one message per key: the same key twice is one row and one e-mail', async () => {
  const to = `erin${randomBytes(3).toString('hex')}@example.com`;
  const a = await mail.send({ key: `once-${to}`, kind: 'test', to, content: { subject: 'Once', blocks: [] } });
  const b = await mail.send({ key: `once-${to}`, kind: 'test', to, content: { subject: 'Once', blocks: [] } });
  expect(b).toEqual({ id: a.id, created: false });
  await until(
    rowWhere((m) => m.id === a.id && m.status === 'sent'),
    'sent',
  );
  expect(receivedFor(to)).toHaveLength(1);
});

it('a refusing server: the message waits and retries, the answer is shown, then it goes once', async () => {
  const to = `frank${randomBytes(3).toString('hex')}@example.com`;
  let refusals = 0;
  sink.refuse = (address) => (address === to && refusals++ < 2 ? { code: 451, text: 'Mailbox busy, try later' } : null);
  const { id } = await mail.send({ key: `retry-${to}`, kind: 'test', to, content: { subject: 'Retry', blocks: [] } });
  const sent = await until(
    rowWhere((m) => m.id === id && m.status === 'sent'),
    'sent after retries',
  );
  expect(sent.attempts).toBe(3);
  expect(receivedFor(to)).toHaveLength(1);
  sink.refuse = null;
});

it('a permanent refusal fails the message with the server’s answer; an administrator can send it again', async () => {
  const to = `gina${randomBytes(3).toString('hex')}@example.com`;
  sink.refuse = (address) => (address === to ? { code: 550, text: 'No such user here' } : null);
  const { id } = await mail.send({ key: `perm-${to}`, kind: 'test', to, content: { subject: 'Never', blocks: [] } });
  const failed = await until(
    rowWhere((m) => m.id === id && m.status === 'failed'),
    'failed',
  );
  expect(failed.lastError).toMatch(/550.*No such user here/);
  expect(failed.attempts).toBe(1);
  sink.refuse = null;
  await mail.resend(id);
  await until(
    rowWhere((m) => m.id === id && m.status === 'sent'),
    'sent again',
  );
  expect(receivedFor(to)).toHaveLength(1);
  await expect(mail.resend(id)).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
});

/** A second MailService and worker on their own queue, configured by `env`. */
async function withOtherMailer(env: Record<string, string>, fn: (mailer: MailService) => Promise<void>): Promise<void> {
  const config = loadConfig({ ...process.env, MAIL_ATTEMPTS: '1', DATABASE_URL: db.databaseUrl, ...env });
  const q = createQueueBackend({ redisUrl: TEST_REDIS_URL, databaseUrl: db.databaseUrl, prefix: `mailtest-${randomBytes(4).toString('hex')}` });
  const mailer = new MailService(db.pool, q, db.logger, config);
  const w = new MailWorker({ config, logger: db.logger, queue: q, mail: mailer }).start();
  try {
    await fn(mailer);
  } finally {
    await w.close();
    await q.close();
  }
}

it('a server without STARTTLS gets nothing (no login or message in clear); the failure is recorded', async () => {
  const plain = await startSmtpSink({ starttls: false });
  try {
    await withOtherMailer({ SMTP_URL: plain.url, SMTP_CA_FILE: plain.caFile }, async (mailer) => {
      const { id } = await mailer.send({
        key: `clear-${randomBytes(4).toString('hex')}`,
        kind: 'test',
        to: 'hal@example.com',
        content: { subject: 'Clear?', blocks: [] },
      });
      const failed = await until(
        rowWhere((m) => m.id === id && m.status === 'failed'),
        'failed',
      );
      expect(failed.lastError).toMatch(/STARTTLS/);
      expect(plain.received).toHaveLength(0);
    });
  } finally {
    await plain.close();
  }
});

it('a certificate the machine does not trust is refused (no SMTP_CA_FILE for the test server)', async () => {
  await withOtherMailer({ SMTP_URL: sink.url, SMTP_CA_FILE: '' }, async (mailer) => {
    const to = `jay${randomBytes(3).toString('hex')}@example.com`;
    const { id } = await mailer.send({ key: `untrusted-${to}`, kind: 'test', to, content: { subject: 'Trust?', blocks: [] } });
    const failed = await until(
      rowWhere((m) => m.id === id && m.status === 'failed'),
      'failed',
    );
    expect(failed.lastError).toMatch(/certificate/i);
    expect(receivedFor(to)).toHaveLength(0);
  });
});

it('without SMTP_URL every message is kept in the outbox (status stored), none sent', async () => {
  await withOtherMailer({ SMTP_URL: '' }, async (mailer) => {
    const to = `ivy${randomBytes(3).toString('hex')}@example.com`;
    const { id } = await mailer.send({ key: `outbox-${to}`, kind: 'test', to, content: { subject: 'Kept', blocks: [] } });
    const stored = await until(
      rowWhere((m) => m.id === id && m.status === 'stored'),
      'stored',
    );
    expect(stored.text).toContain('Shotlog');
    expect(receivedFor(to)).toHaveLength(0);
    expect((await mailer.outbox({ status: 'stored' })).delivers).toBe(false);
  });
});

it('a contact message is kept in the inbox, e-mailed to the administrators, and the reply reaches its writer', async () => {
  const admin = await db.signUp(`boss${randomBytes(3).toString('hex')}`);
  await db.pool.query('UPDATE users SET role_id = 2 WHERE id = $1', [admin.id]);
  expect(CONTACT_SENT).toMatch(/sent/);
  const writer = `kim${randomBytes(3).toString('hex')}@example.com`;
  const stored = await contact.submit(
    { name: 'Kim\r\nBcc: x@evil.com', email: writer.toUpperCase(), message: 'How do I pay by Venmo?\nThanks' },
    { userId: null, address: '10.0.9.1' },
  );
  expect(stored).toMatchObject({ name: 'Kim Bcc: x@evil.com', email: writer, readAt: null });
  const inbox = await contact.inbox({ unreadOnly: true });
  expect(inbox.items.map((m) => m.id)).toContain(stored.id);
  await until(() => receivedFor(admin.email).length === 1, 'the administrators’ notice');
  const notice = receivedFor(admin.email)[0]!.raw;
  expect(headerOf(notice, 'Subject')).toBe('Contact form: message from Kim Bcc: x@evil.com');
  expect(partOf(notice, 'text/plain')).toContain('> How do I pay by Venmo?\n> Thanks');
  expect(partOf(notice, 'text/plain')).toContain('https://shotlog.example.com/admin/inbox');

  const replied = await contact.reply(stored.id, 'Venmo: @shotlog, with your reference.', admin);
  expect(replied.readAt).not.toBeNull();
  await until(() => receivedFor(writer).length === 1, 'the reply');
  const reply = receivedFor(writer)[0]!.raw;
  expect(headerNames(reply)).not.toContain('bcc');
  expect(partOf(reply, 'text/plain')).toMatch(/> Venmo: @shotlog, with your reference\.[\s\S]*You wrote:[\s\S]*> How do I pay by Venmo\?/);
  expect((await contact.markRead(stored.id, false)).readAt).toBeNull();

  await expect(contact.submit({ name: 'A', email: 'not-mail', message: 'x' }, { userId: null })).rejects.toMatchObject({ issues: expect.anything() });
  await expect(contact.submit({ name: 'A', email: writer, message: 'x'.repeat(5001) }, { userId: null })).rejects.toMatchObject({ issues: expect.anything() });
  await expect(contact.reply(stored.id, '  ', admin)).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
});
