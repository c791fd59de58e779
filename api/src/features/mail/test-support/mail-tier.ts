import { randomBytes } from 'node:crypto';
import { openServiceDatabase, type ServiceDatabase } from '../../../../test/support/service-tier.js';
import { TEST_REDIS_URL } from '../../../../test/support/test-database.js';
import { startSmtpSink, type SmtpSink } from '../../../../test/support/smtp-sink.js';
import { createQueueBackend, type QueueBackend } from '../../../platform/queue/queue-backend.js';
import { MailService } from '../mail.service.js';
import { MailWorker } from '../mail-worker.js';

export const TEST_PUBLIC_URL = 'https://shotlog.example.com';

export interface MailTier {
  sink: SmtpSink;
  db: ServiceDatabase;
  queue: QueueBackend;
  mail: MailService;
  worker: MailWorker;
  close(): Promise<void>;
}

/**
 * The service tier with real mail: an SMTP server on loopback (STARTTLS), a migrated database, a
 * queue under its own prefix and a running mail worker. `env` adds settings (MAIL_ATTEMPTS, …).
 */
export async function startMailTier(prefix: string, env: Record<string, string> = {}): Promise<MailTier> {
  const sink = await startSmtpSink();
  const db = await openServiceDatabase({
    env: { SMTP_URL: sink.url, SMTP_CA_FILE: sink.caFile, MAIL_BACKOFF_MS: '20', PUBLIC_URL: TEST_PUBLIC_URL, ...env },
  });
  const queue = createQueueBackend({ redisUrl: TEST_REDIS_URL, databaseUrl: db.databaseUrl, prefix: `${prefix}-${randomBytes(4).toString('hex')}` });
  const mail = new MailService(db.pool, queue, db.logger, db.config);
  const worker = new MailWorker({ config: db.config, logger: db.logger, queue, mail }).start();
  return {
    sink,
    db,
    queue,
    mail,
    worker,
    close: async () => {
      await worker.close();
      await queue.close();
      await db.close();
      await sink.close();
    },
  };
}
