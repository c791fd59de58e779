// Notification e-mail through the queue (issue 34): --messages (default 1,000) notices recorded and
// queued by the compiled MailService (api/dist) of this process, sent by the mail worker of a compiled
// API process (its own database, a queue prefix of its own on the test Redis) over STARTTLS with a
// login to the tests' SMTP server on loopback (api/test/support/smtp-sink.ts; Node 24 strips its types). Prints
// messages/s from the first record to the last message accepted, duplicates (messages the server got
// more than once, by Message-ID; aim 0), and the API's /health latency (p50/p99) while it sends,
// against the same API idle in the same run. Baseline: the same number of messages sent straight by
// nodemailer (one pooled transport, 4 connections) to the same server, in the same run.
//
//   npx tsc -b ledger api && node_modules/.bin/node bench/mail.mjs [--messages 1000] [--quick]   (--quick: 200 messages)
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchAccount, freshDatabase, load, numberArg, root, startIsolatedApi, table } from './lib.mjs';

const require = createRequire(import.meta.url);
const nodemailer = require('nodemailer');
const dist = (p) => path.join(root, 'api/dist', p);
const { MailService } = await import(dist('features/mail/mail.service.js'));
const { MailNotices } = await import(dist('features/mail/mail-notices.js'));
const { createQueueBackend } = await import(dist('platform/queue/queue-backend.js'));
const { loadConfig } = await import(dist('platform/config/config.js'));
const { startSmtpSink, headerOf, SMTP_USER, SMTP_PASS } = await import('../api/test/support/smtp-sink.ts');

const QUICK = process.argv.includes('--quick');
const MESSAGES = numberArg('messages', QUICK ? 200 : 1000);
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// The same SMTP server the tests use (api/test/support/smtp-sink.ts, loaded through Node's type stripping):
// STARTTLS with a certificate made for the run, a login, every message kept with when it came.
const sink = await startSmtpSink();
const received = sink.received;
const port = sink.port;
const smtpUrl = sink.url;
const certFile = sink.caFile;

const until = async (check, what, ms = 300_000) => {
  for (const end = Date.now() + ms; !(await check()); await new Promise((r) => setTimeout(r, 20))) if (Date.now() > end) throw new Error(`timed out: ${what}`);
};

// Baseline: nodemailer alone, pooled, the same messages' size.
const plain = nodemailer.createTransport({
  pool: true,
  maxConnections: 4,
  host: 'localhost',
  port,
  requireTLS: true,
  auth: { user: SMTP_USER, pass: SMTP_PASS },
  tls: { ca: [fs.readFileSync(certFile)] },
});
let started = performance.now();
await Promise.all(
  Array.from({ length: MESSAGES }, (_, i) =>
    plain.sendMail({
      from: 'bench@shotlog.local',
      to: `plain${i}@example.com`,
      subject: `Plain ${i}`,
      text: 'x'.repeat(600),
      html: `<p>${'x'.repeat(600)}</p>`,
      messageId: `<plain-${i}@bench>`,
    }),
  ),
);
const plainSeconds = (performance.now() - started) / 1000;
plain.close();

const db = await freshDatabase();
const prefix = `benchmail${randomBytes(4).toString('hex')}`;
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'bench-mail-data-'));
const env = {
  SMTP_URL: smtpUrl,
  SMTP_CA_FILE: certFile,
  MAIL_FROM: 'Shotlog <no-reply@shotlog.local>',
  PUBLIC_URL: 'https://shotlog.example.com',
  QUEUE_PREFIX: prefix,
};
const api = await startIsolatedApi(db, dataDir, env);
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
const queue = createQueueBackend({ redisUrl: REDIS_URL, databaseUrl: db.url, prefix });
const silent = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {}, child: () => silent };
const config = loadConfig({ ...env, DATABASE_URL: db.url, NODE_ENV: 'test' });
const mail = new MailService(pool, queue, silent, config);
// A notice that cannot be recorded is logged, not thrown: here that would be a wrong figure, so it stops the run.
const notices = new MailNotices(mail, {
  error: (o, m) => {
    console.error(m, o.err);
    process.exit(1);
  },
});
try {
  const health = () => fetch(`${api.url}/health`).then((r) => r.arrayBuffer());
  // The buyer the notices are about (mail_messages.user_id names a real account).
  await benchAccount(api.url);
  const userId = (await pool.query(`SELECT id FROM users WHERE username = 'bench'`)).rows[0].id;
  const idle = await load(health, { concurrency: 4, seconds: QUICK ? 2 : 4 });

  // The burst: every notice recorded and queued at once, health measured while the worker sends.
  const before = received.length;
  started = performance.now();
  const recording = (async () => {
    for (let i = 0; i < MESSAGES; i += 50)
      await Promise.all(
        Array.from({ length: Math.min(50, MESSAGES - i) }, (_, j) =>
          notices.purchaseDecided({
            requestId: `bench-${i + j}`,
            reference: 'SL-BENCH',
            userId,
            username: `buyer${i + j}`,
            email: `buyer${i + j}@example.com`,
            packageName: 'Starter',
            credits: 100,
            price: '9.00',
            status: 'approved',
            notes: null,
          }),
        ),
      );
  })();
  let busy = { p50: 0, p99: 0, requests: 0 };
  const measuring = (async () => {
    const samples = [];
    while (received.length - before < MESSAGES) {
      const r = await load(health, { concurrency: 4, seconds: 1 });
      samples.push(r);
    }
    const all = samples.flatMap((s) => s);
    busy = { p50: Math.max(...all.map((s) => s.p50)), p99: Math.max(...all.map((s) => s.p99)), requests: all.reduce((a, s) => a + s.requests, 0) };
  })();
  await recording;
  await until(() => received.length - before >= MESSAGES, 'every message accepted');
  const ourSeconds = (Math.max(...received.slice(before).map((m) => m.at)) - started) / 1000;
  await measuring;
  // A moment more: a message sent twice would arrive now.
  await new Promise((r) => setTimeout(r, 500));
  const ids = received.map((m, i) => headerOf(m.raw, 'Message-ID') ?? `none-${i}`);
  const duplicates = ids.length - new Set(ids).size;
  const { rows } = await pool.query(`SELECT status, count(*)::int AS n FROM mail_messages GROUP BY status`);

  table([
    { figure: `nodemailer alone, pooled x4 (baseline)`, value: `${(MESSAGES / plainSeconds).toFixed(0)} messages/s`, ratio: '1.00' },
    {
      figure: `${MESSAGES} notices: recorded, queued, sent by the worker`,
      value: `${(MESSAGES / ourSeconds).toFixed(0)} messages/s (${ourSeconds.toFixed(1)} s)`,
      ratio: (plainSeconds / ourSeconds).toFixed(2),
    },
    { figure: 'messages the server got more than once', value: String(duplicates), ratio: '' },
    { figure: 'API /health idle p50 / p99', value: `${idle.p50.toFixed(1)} / ${idle.p99.toFixed(1)} ms`, ratio: '' },
    { figure: 'API /health while sending p50 / p99 (worst second)', value: `${busy.p50.toFixed(1)} / ${busy.p99.toFixed(1)} ms`, ratio: '' },
  ]);
  console.log(`\nrows by status: ${rows.map((r) => `${r.status} ${r.n}`).join(', ')}`);
} finally {
  await queue.close();
  await pool.end();
  await api.stop();
  await db.drop();
  await sink.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
}
