import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import { queueHandle, registerQueueName } from '../../platform/queue/queue-registry.js';
import { badInput, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { headerSafe, renderMail, type MailContent } from './mail-render.js';
import { MailStore, MAIL_STATUSES, type MailMessageRow, type MailStatus } from './mail-store.js';

export const MAIL_QUEUE = 'mail';
registerQueueName(MAIL_QUEUE);

export interface SendMailJob {
  messageId: string;
}

/** One address, as sign-up checks it (users.validation.ts) and nothing a header could be split with. */
const ADDRESS = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,253}\.[^\s@<>()[\]\\,;:".]{1,63}$/;
export const isMailAddress = (to: string): boolean => to.length <= 254 && ADDRESS.test(to);

export interface OutgoingMail {
  /** Idempotency: the same key twice is one message (e.g. `password-reset:<link id>`). */
  key: string;
  /** What kind of message, for the outbox and the figures (password-reset, purchase-requested...). */
  kind: string;
  to: string;
  /** The display name beside the address ("Alice Doe"), header-safe. */
  toName?: string;
  userId?: string | null;
  content: MailContent;
  /** Notification mails carry their one-click unsubscribe link. */
  unsubscribeUrl?: string;
}

/**
 * E-mail as a component: a message is rendered (mail-render.ts), recorded in mail_messages under its
 * key, then queued (BullMQ, retried with backoff); MailWorker sends it over SMTP, or with no SMTP_URL
 * stores it for the admin outbox. Sending never fails the caller's action: a queue that cannot be
 * reached leaves the row queued, and the worker picks it up when it starts.
 */
export class MailService {
  readonly store: MailStore;

  constructor(
    pool: pg.Pool,
    private readonly queue: QueueBackend,
    private readonly logger: Logger,
    private readonly config: Pick<Config, 'mail' | 'publicUrl' | 'port'>,
  ) {
    this.store = new MailStore(pool);
  }

  /** Is a real SMTP server configured (else messages stay in the outbox)? */
  get delivers(): boolean {
    return Boolean(this.config.mail.smtpUrl);
  }

  /** Where links in e-mail point: PUBLIC_URL, else this server on localhost (a mail client cannot follow a relative link). */
  get origin(): string {
    return this.config.publicUrl ?? `http://localhost:${this.config.port}`;
  }

  /** An absolute link into the web app. */
  link(pathAndQuery: string): string {
    return `${this.origin}${pathAndQuery}`;
  }

  async send(mail: OutgoingMail): Promise<{ id: string; created: boolean }> {
    const to = mail.to.trim().toLowerCase();
    if (!isMailAddress(to)) throw badInput('This e-mail address is not valid');
    const footerLines = ['Shotlog', `You receive this because you have an account at ${this.origin}.`];
    const rendered = renderMail(mail.content, { lines: footerLines, unsubscribeUrl: mail.unsubscribeUrl });
    const toHeader = mail.toName ? `"${headerSafe(mail.toName, 80).replace(/["\\]/g, '')}" <${to}>` : to;
    const row = await this.store.insert({
      id: randomUUID(),
      messageKey: mail.key.slice(0, 200),
      kind: mail.kind.slice(0, 64),
      userId: mail.userId ?? null,
      to: toHeader.length <= 254 ? toHeader : to,
      subject: rendered.subject.slice(0, 300),
      text: rendered.text,
      html: rendered.html,
      unsubscribeUrl: mail.unsubscribeUrl ?? null,
    });
    if (row.created) await this.enqueue(row.id, row.id);
    return row;
  }

  /** Queues one send; a queue store that is down is logged, the row stays queued (requeueWaiting). */
  private async enqueue(messageId: string, jobId: string): Promise<void> {
    const { attempts, backoffMs } = this.config.mail;
    try {
      await queueHandle(this.queue, MAIL_QUEUE).add('send', { messageId } satisfies SendMailJob, {
        jobId,
        attempts,
        backoff: { type: 'exponential', delay: backoffMs },
        removeOnComplete: { count: 1000 },
        removeOnFail: { count: 5000 },
      });
    } catch (err) {
      this.logger.warn({ err, messageId }, 'e-mail not queued now (queue unreachable); it is sent when the mail worker next starts');
    }
  }

  /** Puts every queued message back on the queue (jobs lost with the queue store); jobIds dedupe the rest. */
  async requeueWaiting(): Promise<number> {
    const ids = await this.store.waitingIds(10_000);
    for (const id of ids) await this.enqueue(id, id);
    return ids.length;
  }

  /** Administrators: send a failed (or interrupted) message again. */
  async resend(rawId: unknown): Promise<MailMessageRow> {
    const id = parseId(rawId, 'e-mail');
    const message = await this.store.get(id);
    if (!message) throw notFound('E-mail not found');
    if (!(await this.store.requeue(id))) throw badInput(`This e-mail is ${message.status}; only a failed one can be sent again.`);
    await this.enqueue(id, `${id}-again-${message.attempts}`);
    return (await this.store.get(id))!;
  }

  async outbox(q: { limit?: number; offset?: number; status?: string | null }): Promise<{ items: MailMessageRow[]; total: number; delivers: boolean }> {
    const limit = Math.min(Math.max(Math.trunc(q.limit ?? 50), 1), 200);
    const offset = Math.min(Math.max(Math.trunc(q.offset ?? 0), 0), 1_000_000);
    if (q.status && !MAIL_STATUSES.includes(q.status as MailStatus)) throw badInput(`Status must be one of: ${MAIL_STATUSES.join(', ')}`);
    const page = await this.store.list({ limit, offset, status: (q.status as MailStatus) || undefined });
    return { ...page, delivers: this.delivers };
  }
}
