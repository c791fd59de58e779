import fs from 'node:fs';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../platform/config/config.js';

/** What the mail worker sends through: nodemailer's SMTP transport, or nothing (outbox only). */
export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; html: string; messageId: string; headers: Record<string, string> }): Promise<void>;
  close(): void;
}

/** SMTP connections one worker process keeps open at most (its send concurrency). */
export const MAIL_CONNECTIONS = 4;

/** A failure that another try cannot fix (the server refused the message or the login for good). */
export class PermanentMailError extends Error {}

/**
 * The SMTP transport for SMTP_URL: smtp:// must upgrade with STARTTLS (requireTLS: a server that
 * does not offer it is refused, never spoken to in clear), smtps:// is TLS from the start; the
 * certificate is always verified (the system's authorities plus SMTP_CA_FILE).
 */
export function createMailTransport(mail: Config['mail']): MailTransport | null {
  if (!mail.smtpUrl) return null;
  const url = new URL(mail.smtpUrl);
  const secure = url.protocol === 'smtps:';
  const ca = mail.caFile ? fs.readFileSync(mail.caFile, 'utf8') : undefined;
  // Pooled: the worker's concurrent sends share a few open, already upgraded and logged-in connections
  // instead of a TLS handshake and a login per message. nodemailer (~24 MB resident) loads with the
  // first message: a process whose mail worker never sends does not carry it.
  let transporter: Promise<Transporter> | undefined;
  let closed = false;
  const open = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) => {
      const t = nodemailer.createTransport({
        pool: true,
        maxConnections: MAIL_CONNECTIONS,
        maxMessages: 100,
        host: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port ? Number(url.port) : secure ? 465 : 587,
        secure,
        requireTLS: !secure,
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        tls: { rejectUnauthorized: true, minVersion: 'TLSv1.2', ...(ca ? { ca: [ca] } : {}) },
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      if (closed) t.close(); // closed while loading: nothing may stay open
      return t;
    }));
  return {
    async send(m) {
      const t = await open();
      try {
        await t.sendMail({ ...m, messageId: m.messageId });
      } catch (err) {
        const e = err as { responseCode?: number; response?: string; message?: string; code?: string };
        const message = e.message ?? String(err);
        const answer = e.response && !message.includes(e.response) ? `${message} (${e.response})` : message;
        // A 5xx to the envelope or the message (not to the login, the TLS upgrade or the connection) will be refused again.
        if (e.responseCode && e.responseCode >= 500 && (e.code === 'EENVELOPE' || e.code === 'EMESSAGE')) throw new PermanentMailError(answer);
        throw new Error(answer);
      }
    },
    close: () => {
      closed = true;
      void transporter?.then(
        (t) => t.close(),
        () => undefined,
      );
    },
  };
}
