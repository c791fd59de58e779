/**
 * Notifications a contributor wants (issue 34 item 5): processing finished or failed, delivery
 * finished or failed, credits running low, purchase status. Each kind can be turned off per user
 * (settings screen, GraphQL) and every such e-mail carries a one-click unsubscribe link (signed per
 * user and kind, works without sign-in; RFC 8058 headers by the mail worker). The reactions come
 * from the event map (app/compose.ts); a notice never fails the action it follows.
 */
import type pg from 'pg';
import { formatCredits, type Cents } from '@shotlog/ledger';
import type { PurchaseFacts } from '../../platform/events/events.js';
import type { Logger } from '../../platform/logging/logger.js';
import { badInput } from '../../platform/errors/app-error.js';
import type { MailService } from '../mail/mail.service.js';
import { button, facts, paragraph } from '../mail/mail-render.js';
import { isNotificationKind, NOTIFICATION_KINDS, NotificationSettingsStore, type NotificationKind } from './notification-settings.js';

/** What the notices read of other features (given at the root: users, projects, credits). */
export interface NotificationReads {
  user(userId: string): Promise<{ username: string; email: string } | null>;
  projectName(projectId: string): Promise<string | null>;
  balanceCents(userId: string): Promise<Cents>;
}

/** The highest low-credit threshold a user can set (credits). */
export const MAX_LOW_CREDITS = 1_000_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const isUuid = (s: string | undefined): s is string => typeof s === 'string' && UUID.test(s);

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

export class NotificationsService {
  readonly settings: NotificationSettingsStore;

  constructor(
    pool: pg.Pool,
    private readonly mail: Pick<MailService, 'send' | 'link' | 'store'>,
    private readonly read: NotificationReads,
    private readonly logger: Pick<Logger, 'error'>,
  ) {
    this.settings = new NotificationSettingsStore(pool);
  }

  /** The user's settings as the screen shows them. */
  async settingsOf(userId: string) {
    const s = await this.settings.get(userId);
    return {
      kinds: (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((kind) => ({
        kind,
        label: NOTIFICATION_KINDS[kind],
        enabled: !s.offKinds.includes(kind),
      })),
      lowCreditsBelow: formatCredits(s.lowCreditsCents),
    };
  }

  /** The in-app list: the user's newest notification e-mails (what they said, when, and the kind). */
  async recent(userId: string, first: number) {
    if (!Number.isInteger(first) || first < 1 || first > 50) throw badInput('first must be a whole number from 1 to 50');
    const kinds = [...Object.keys(NOTIFICATION_KINDS), 'purchase-approved', 'purchase-rejected'];
    const rows = await this.mail.store.forUser(userId, kinds, first);
    return rows.map((m) => ({ id: m.id, kind: m.kind, subject: m.subject, createdAt: m.createdAt }));
  }

  async setKind(userId: string, kind: unknown, enabled: boolean) {
    if (!isNotificationKind(kind)) throw badInput(`Kind must be one of: ${Object.keys(NOTIFICATION_KINDS).join(', ')}`);
    await this.settings.setKind(userId, kind, enabled);
    return this.settingsOf(userId);
  }

  async setLowCredits(userId: string, credits: number) {
    if (!Number.isFinite(credits) || credits < 0 || credits > MAX_LOW_CREDITS) throw badInput(`The threshold must be between 0 and ${MAX_LOW_CREDITS} credits`);
    await this.settings.setLowCredits(userId, Math.round(credits * 100));
    return this.settingsOf(userId);
  }

  /** The link that turns `kind` off for `userId`: `<origin>/api/notifications/unsubscribe?token=<user>.<kind>.<signature>`. */
  async unsubscribeUrl(userId: string, kind: NotificationKind): Promise<string> {
    return this.mail.link(`${UNSUBSCRIBE_PATH}?token=${userId}.${kind}.${await this.settings.sign(userId, kind)}`);
  }

  /** What a token names, when its signature holds; null otherwise (a clear page, nothing changed). */
  async checkToken(token: unknown): Promise<{ userId: string; kind: NotificationKind; label: string } | null> {
    if (typeof token !== 'string' || token.length > 120) return null;
    const [userId, kind, signature, ...rest] = token.split('.');
    if (rest.length || !isUuid(userId) || !isNotificationKind(kind) || !signature) return null;
    if (!(await this.settings.verify(userId!, kind, signature))) return null;
    return { userId: userId!, kind, label: NOTIFICATION_KINDS[kind] };
  }

  /** One-click unsubscribe: turns the token's kind off (twice is the same as once). */
  async unsubscribe(token: unknown) {
    const named = await this.checkToken(token);
    if (named) await this.settings.setKind(named.userId, named.kind, false);
    return named;
  }

  /** Sends `kind` to the user unless they turned it off; the unsubscribe link rides along. Errors are logged, never thrown. */
  private async notify(
    userId: string,
    kind: NotificationKind,
    key: string,
    make: (u: { username: string; email: string }) => { subject: string; blocks: ReturnType<typeof paragraph>[] },
  ) {
    try {
      const s = await this.settings.get(userId);
      if (s.offKinds.includes(kind)) return false;
      const user = await this.read.user(userId);
      if (!user) return false;
      const content = make(user);
      await this.mail.send({
        key,
        kind,
        to: user.email,
        userId,
        content: { subject: content.subject, greeting: `Hello ${user.username},`, blocks: content.blocks },
        unsubscribeUrl: await this.unsubscribeUrl(userId, kind),
      });
      return true;
    } catch (err) {
      this.logger.error({ err, kind, userId }, `notification "${kind}" not recorded`);
      return false;
    }
  }

  /** A run ended: finished (every set) or failed (some sets), then the credits left. */
  async runFinished(p: { runId: string; projectId: string; userId: string; totalJobs: number; succeeded: number; failed: number; spentCents: number }) {
    const name = (await this.read.projectName(p.projectId).catch(() => null)) ?? 'your project';
    const link = this.mail.link(`/project/${p.projectId}`);
    const kind: NotificationKind = p.failed > 0 ? 'processing-failed' : 'processing-finished';
    await this.notify(p.userId, kind, `${kind}:${p.runId}`, () => ({
      subject: p.failed > 0 ? `Processing of "${name}": ${p.failed} of ${p.totalJobs} sets failed` : `Processing of "${name}" finished: ${p.succeeded} sets`,
      blocks: [
        paragraph(
          p.failed > 0 ? `Processing of "${name}" ended; some sets failed and their credits were given back.` : `Every set of "${name}" was processed.`,
        ),
        facts([
          ['Sets', String(p.totalJobs)],
          ['Processed', String(p.succeeded)],
          ['Failed', String(p.failed)],
          ['Credits spent', formatCredits(Math.max(0, p.spentCents))],
        ]),
        button(p.failed > 0 ? 'See the failed sets and retry' : 'Review the results', link),
      ],
    }));
    await this.creditsCheck(p.userId, p.spentCents, p.runId);
  }

  /** A delivery's last file settled: finished (all sent) or failed (some failed or wait on a paused connection). */
  async deliveryFinished(p: { deliveryId: string; projectId: string; userId: string; sent: number; failed: number }) {
    const name = (await this.read.projectName(p.projectId).catch(() => null)) ?? 'your project';
    const kind: NotificationKind = p.failed > 0 ? 'delivery-failed' : 'delivery-finished';
    await this.notify(p.userId, kind, `${kind}:${p.deliveryId}`, () => ({
      subject:
        p.failed > 0 ? `Delivery of "${name}": ${p.failed} file${p.failed === 1 ? '' : 's'} not delivered` : `Delivery of "${name}" finished: ${p.sent} files`,
      blocks: [
        paragraph(p.failed > 0 ? `The delivery of "${name}" ended with files that were not delivered.` : `Every file of "${name}" was delivered.`),
        facts([
          ['Delivered', String(p.sent)],
          ['Not delivered', String(p.failed)],
        ]),
        button(p.failed > 0 ? 'See why and send again' : 'See the delivery', this.mail.link(`/project/${p.projectId}`)),
      ],
    }));
  }

  /** Warns once per run that took the balance from at or above the threshold to below it. */
  private async creditsCheck(userId: string, spentCents: number, runId: string) {
    try {
      const [balance, s] = await Promise.all([this.read.balanceCents(userId), this.settings.get(userId)]);
      if (!(balance < s.lowCreditsCents && balance + spentCents >= s.lowCreditsCents)) return;
      await this.notify(userId, 'credits-low', `credits-low:${userId}:${runId}`, () => ({
        subject: `Your Shotlog credits are running low: ${formatCredits(balance)} left`,
        blocks: [
          paragraph(`Your balance fell below ${formatCredits(s.lowCreditsCents)} credits, the threshold in your notification settings.`),
          facts([['Balance', formatCredits(balance)]]),
          button('Buy credits', this.mail.link('/purchase-credits')),
        ],
      }));
    } catch (err) {
      this.logger.error({ err, userId }, 'low-credit check failed');
    }
  }

  /** Lets a purchase-status e-mail through (with its unsubscribe link) unless the buyer turned it off. */
  async purchaseDecided(p: PurchaseFacts, send: (unsubscribeUrl: string) => Promise<unknown>) {
    try {
      if ((await this.settings.get(p.userId)).offKinds.includes('purchase-status')) return;
      await send(await this.unsubscribeUrl(p.userId, 'purchase-status'));
    } catch (err) {
      this.logger.error({ err, userId: p.userId }, 'purchase-status notification not recorded');
    }
  }
}
