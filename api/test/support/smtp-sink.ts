/**
 * A real SMTP server on loopback (the `smtp-server` package of the Nodemailer project) for tests:
 * STARTTLS with a certificate made for the test (openssl, CN localhost; `caFile` is what SMTP_CA_FILE
 * points at), a login, and every message kept as it arrived. `refuse` lets a test make the server
 * answer RCPT with a code of its choosing (451: try later; 550: never).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Whether the session was TLS when the message came. */
  secure: boolean;
  user: string | undefined;
  /** performance.now() when the message was accepted (bench/mail.mjs times the last one). */
  at: number;
}

export interface SmtpSink {
  port: number;
  /** SMTP_URL for this server (user `mailer`, password `s3cret pass`). */
  url: string;
  caFile: string;
  received: ReceivedMail[];
  /** Answer RCPT for `address` with `code` and `text` while it returns a code; null accepts. */
  refuse: ((address: string) => { code: number; text: string } | null) | null;
  close(): Promise<void>;
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 's3cret pass';

export async function startSmtpSink(opts: { starttls?: boolean } = {}): Promise<SmtpSink> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shotlog-smtp-'));
  const keyFile = path.join(dir, 'key.pem');
  const caFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const sink: SmtpSink = {
    port: 0,
    url: '',
    caFile,
    received: [],
    refuse: null,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  const server = new SMTPServer({
    key: fs.readFileSync(keyFile),
    cert: fs.readFileSync(caFile),
    // A server that does not speak STARTTLS at all (hiding it from EHLO alone still lets a client upgrade).
    disabledCommands: opts.starttls === false ? ['STARTTLS'] : [],
    // Without STARTTLS offered, a login would go in clear: the client must refuse before that.
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, cb) {
      const refusal = sink.refuse?.(address.address);
      if (refusal) cb(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        sink.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
          at: performance.now(),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://${SMTP_USER}:${encodeURIComponent(SMTP_PASS)}@localhost:${sink.port}`;
  return sink;
}

/** A received message's header (unfolded) by name, or undefined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** Every header name of a message, in order. */
export const headerNames = (raw: string): string[] =>
  raw
    .split(/\r?\n\r?\n/)[0]!
    .split(/\r?\n/)
    .filter((l) => !/^[ \t]/.test(l))
    .map((l) => l.slice(0, l.indexOf(':')).toLowerCase());

/** The decoded body of the part with this content type (quoted-printable or base64 undone), with \n line ends. */
export function partOf(raw: string, type: 'text/plain' | 'text/html'): string {
  return decodedPart(raw, type).replace(/\r\n/g, '\n');
}

function decodedPart(raw: string, type: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => new RegExp(`^Content-Type: ${type.replace('/', '\\/')}`, 'im').test(p));
  if (!part) throw new Error(`no ${type} part`);
  const [head, ...rest] = part.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n').replace(/\r?\n--[^\r\n]+--\s*$/, '');
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head!)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}
