import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import type { Config } from '../../platform/config/config.js';
import type { Logger } from '../../platform/logging/logger.js';
import type { QueueBackend } from '../../platform/queue/queue-backend.js';
import { JobsInFlight, stopWorker } from '../../platform/queue/worker-shutdown.js';
import { logConnectionError } from '../../platform/logging/shutdown-state.js';
import { createMailTransport, MAIL_CONNECTIONS, PermanentMailError, type MailTransport } from './mail-transport.js';
import { MAIL_QUEUE, type MailService, type SendMailJob } from './mail.service.js';

export interface MailWorkerDeps {
  config: Pick<Config, 'mail'>;
  logger: Logger;
  queue: QueueBackend;
  mail: Pick<MailService, 'store' | 'requeueWaiting'>;
}

/**
 * Sends queued e-mail. Per job: claim the row (queued -> sending; a job handed out twice, or a
 * retry after the message went, finds nothing to claim and sends nothing), send it over SMTP (or,
 * with no SMTP_URL, mark it stored for the admin outbox with one log line), mark it sent. A refusal
 * puts the row back to queued with the server's answer and BullMQ retries with backoff; the last
 * try, or a permanent 5xx, leaves it failed for the administrators to see and send again.
 */
export class MailWorker {
  private worker: Worker | undefined;
  private inFlight: JobsInFlight | undefined;
  private readonly transport: MailTransport | null;

  constructor(private readonly d: MailWorkerDeps) {
    this.transport = createMailTransport(d.config.mail);
  }

  start(): this {
    this.worker = this.d.queue.worker(MAIL_QUEUE, (job) => this.handle(job as Job<SendMailJob>), { concurrency: MAIL_CONNECTIONS });
    this.inFlight = new JobsInFlight(this.worker);
    this.worker.on('error', (err) => logConnectionError(this.d.logger, { err }, 'mail worker error'));
    // Messages recorded while the queue store was down (or whose jobs were lost with it) go now.
    this.d.mail.requeueWaiting().catch((err: unknown) => this.d.logger.warn({ err }, 'queued e-mail not re-queued at start'));
    return this;
  }

  async close(graceMs = 10_000): Promise<void> {
    if (this.worker && this.inFlight) await stopWorker(this.worker, this.inFlight, { graceMs, logger: this.d.logger, name: 'mail worker' });
    this.transport?.close();
  }

  private async handle(job: Job<SendMailJob>): Promise<void> {
    const { store } = this.d.mail;
    const message = await store.claim(job.data.messageId);
    if (!message) return; // sent, stored, being sent, or gone: nothing to do (never twice)
    if (!this.transport) {
      await store.finish(message.id, 'stored');
      this.d.logger.info({ mailId: message.id, kind: message.kind }, `e-mail stored in the admin outbox (no SMTP_URL): "${message.subject}" to ${message.to}`);
      return;
    }
    try {
      await this.transport.send({
        from: this.d.config.mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: `<${message.id}@shotlog>`,
        headers: {
          'X-Shotlog-Message': message.kind,
          // RFC 8058 one-click: a mail client POSTs "List-Unsubscribe=One-Click" to the link, no sign-in.
          ...(message.unsubscribeUrl ? { 'List-Unsubscribe': `<${message.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
        },
      });
    } catch (err) {
      const answer = err instanceof Error ? err.message : String(err);
      const permanent = err instanceof PermanentMailError;
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await store.failAttempt(message.id, answer, final);
      this.d.logger.warn({ mailId: message.id, attempt: job.attemptsMade + 1, final }, `e-mail not accepted by the SMTP server: ${answer}`);
      throw permanent ? new UnrecoverableError(answer) : err;
    }
    await store.finish(message.id, 'sent');
  }
}
