import type { PurchaseFacts } from '../../platform/events/events.js';
import { button, facts, paragraph, quote, type MailBlock } from './mail-render.js';
import type { MailService } from './mail.service.js';
import type { Logger } from '../../platform/logging/logger.js';
import { createHash } from 'node:crypto';

/** Payment instructions per method as the settings hold them (empty: not offered). */
export interface PaymentTexts {
  bank: string;
  paypal: string;
  venmo: string;
  other: string;
}
const METHOD_LABELS: Record<keyof PaymentTexts, string> = { bank: 'Bank transfer', paypal: 'PayPal', venmo: 'Venmo', other: 'Other' };

export interface Recipient {
  id: string;
  username: string;
  email: string;
}
const money = (price: string) => `$${Number(price).toFixed(2)}`;

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The messages the product sends, one method each, in words a user reads: what happened, the
 * figures, one link. Each is keyed so a repeat of the same occasion is one message.
 */
export class MailNotices {
  constructor(
    private readonly mail: Pick<MailService, 'send' | 'link'>,
    private readonly logger: Pick<Logger, 'error'>,
    /** What some notices read when they are made (from the settings and users features, given at the root). */
    private readonly read: { paymentInstructions(): Promise<PaymentTexts>; admins(): Promise<Recipient[]> } = {
      paymentInstructions: async () => ({ bank: '', paypal: '', venmo: '', other: '' }),
      admins: async () => [],
    },
  ) {}

  /**
   * A notice never fails the action it follows (events.ts: such a reaction catches its own errors):
   * a bad stored address or a database hiccup is logged, and the purchase or request stands.
   */
  private async safely(kind: string, send: () => Promise<unknown>): Promise<void> {
    try {
      await send();
    } catch (err) {
      this.logger.error({ err, kind }, `e-mail "${kind}" not recorded`);
    }
  }

  /** "Forgot password?": the one-time link (the secret rides in the fragment: it reaches no server log). */
  passwordReset(p: { userId: string; email: string; username: string; secret: string; expiresAt: Date; url: string }) {
    return this.safely('password-reset', () =>
      this.mail.send({
        // One message per link, keyed by a digest of its secret: two links issued in the same
        // millisecond (requests a moment apart) once shared a key, so the second link, which ends
        // the first, was never sent and the account got the dead one.
        key: `password-reset:${p.userId}:${createHash('sha256').update(p.secret).digest('base64url').slice(0, 22)}`,
        kind: 'password-reset',
        to: p.email,
        userId: p.userId,
        content: {
          subject: 'Reset your Shotlog password',
          greeting: `Hello ${p.username},`,
          blocks: [
            paragraph('Someone (we hope you) asked to reset the password of your Shotlog account. Use this link to choose a new one:'),
            button('Choose a new password', p.url),
            facts([
              ['Account', p.username],
              ['Link works until', when(p.expiresAt)],
            ]),
            paragraph('The link works once. Using it signs out every session and revokes every API token of the account.'),
            paragraph('If you did not ask for this, ignore this e-mail: your password stays as it is.'),
          ],
        },
      }),
    );
  }

  /** To the buyer: the amount, the reference to write on the payment, and how to pay. */
  purchaseRequested(p: PurchaseFacts) {
    return this.safely('purchase-requested', async () => this.sendPurchaseRequested(p, await this.read.paymentInstructions()));
  }

  private sendPurchaseRequested(p: PurchaseFacts, instructions: PaymentTexts) {
    const offered = (Object.keys(METHOD_LABELS) as Array<keyof PaymentTexts>).filter((m) => instructions[m].trim());
    const how: MailBlock[] = offered.length
      ? offered.flatMap((m) => [paragraph(`${METHOD_LABELS[m]}:`), quote(instructions[m])])
      : [paragraph('The administrators have not published payment details yet; they will contact you. You can also reply through the contact page.')];
    return this.mail.send({
      key: `purchase-requested:${p.requestId}`,
      kind: 'purchase-requested',
      to: p.email,
      userId: p.userId,
      content: {
        subject: `Your Shotlog purchase ${p.reference}: how to pay ${money(p.price)}`,
        greeting: `Hello ${p.username},`,
        blocks: [
          paragraph('Thank you for your purchase request. Please pay the amount below and write the reference on the payment, so we can match it.'),
          facts([
            ['Reference', p.reference],
            ['Package', p.packageName],
            ['Credits', String(p.credits)],
            ['Amount', money(p.price)],
          ]),
          ...how,
          paragraph(
            'An administrator adds the credits once the payment has arrived. You can tell us the payment went (with its transaction id) on your purchase requests page.',
          ),
          button('My purchase requests', this.mail.link('/purchase-requests')),
        ],
      },
    });
  }

  /** To every administrator: a new request, or the buyer's word that the payment went. */
  async purchaseForAdmins(p: PurchaseFacts & { proof?: string }) {
    let admins: Recipient[] = [];
    await this.safely('purchase-admin', async () => (admins = await this.read.admins()));
    const proof = p.proof !== undefined;
    const proofHash = proof ? createHash('sha256').update(p.proof!).digest('hex').slice(0, 16) : '';
    for (const admin of admins) {
      await this.safely('purchase-admin', () =>
        this.mail.send({
          key: `purchase-${proof ? 'proof' : 'new'}:${p.requestId}:${admin.id}${proof ? `:${proofHash}` : ''}`,
          kind: proof ? 'purchase-proof-admin' : 'purchase-new-admin',
          to: admin.email,
          userId: admin.id,
          content: {
            subject: proof
              ? `Payment reported for ${p.reference} (${money(p.price)})`
              : `New purchase request ${p.reference}: ${money(p.price)} from ${p.username}`,
            greeting: `Hello ${admin.username},`,
            blocks: [
              paragraph(proof ? `${p.username} reports having paid for purchase request ${p.reference}:` : `${p.username} asked to buy credits.`),
              ...(proof ? [quote(p.proof!)] : []),
              facts([
                ['Reference', p.reference],
                ['Buyer', `${p.username} <${p.email}>`],
                ['Package', `${p.packageName} (${p.credits} credits)`],
                ['Amount', money(p.price)],
              ]),
              paragraph('Approve it once the payment is in your account; reject it with a note otherwise.'),
              button('Manage purchase requests', this.mail.link('/admin/purchase-requests')),
            ],
          },
        }),
      );
    }
  }

  /** To the buyer: approved (credits added) or rejected (with the administrator's note). */
  purchaseDecided(p: PurchaseFacts & { status: 'approved' | 'rejected'; notes: string | null }, unsubscribeUrl?: string) {
    const approved = p.status === 'approved';
    return this.safely('purchase-decided', () =>
      this.mail.send({
        key: `purchase-decided:${p.requestId}`,
        kind: `purchase-${p.status}`,
        to: p.email,
        userId: p.userId,
        unsubscribeUrl,
        content: {
          subject: approved ? `Purchase ${p.reference} approved: ${p.credits} credits added` : `Purchase ${p.reference} was not approved`,
          greeting: `Hello ${p.username},`,
          blocks: [
            paragraph(
              approved
                ? `Your payment for ${p.reference} has arrived and ${p.credits} credits were added to your account.`
                : `An administrator did not approve purchase request ${p.reference} (${p.packageName}, ${money(p.price)}).`,
            ),
            ...(p.notes ? [paragraph(approved ? 'Note from the administrator:' : 'Reason:'), quote(p.notes)] : []),
            button(approved ? 'See your credits' : 'My purchase requests', this.mail.link(approved ? '/transactions' : '/purchase-requests')),
          ],
        },
      }),
    );
  }

  /** To every administrator: a contact-form message (answer it from the inbox). */
  async contactForAdmins(p: { messageId: string; name: string; email: string; message: string }) {
    let admins: Recipient[] = [];
    await this.safely('contact-admin', async () => (admins = await this.read.admins()));
    for (const admin of admins) {
      await this.safely('contact-admin', () =>
        this.mail.send({
          key: `contact-received:${p.messageId}:${admin.id}`,
          kind: 'contact-received',
          to: admin.email,
          userId: admin.id,
          content: {
            subject: `Contact form: message from ${p.name}`,
            greeting: `Hello ${admin.username},`,
            blocks: [
              paragraph(`${p.name} <${p.email}> wrote through the contact form:`),
              quote(p.message),
              button('Read and reply in the inbox', this.mail.link('/admin/inbox')),
            ],
          },
        }),
      );
    }
  }

  /** To the writer of a contact message: the administrator's reply, with their message below. */
  contactReply(p: { messageId: string; name: string; email: string; original: string; reply: string; adminName: string; repliedAt: Date }) {
    return this.safely('contact-reply', () =>
      this.mail.send({
        key: `contact-reply:${p.messageId}:${p.repliedAt.getTime()}`,
        kind: 'contact-reply',
        to: p.email,
        toName: p.name,
        content: {
          subject: 'Re: your message to Shotlog',
          greeting: `Hello ${p.name},`,
          blocks: [quote(p.reply), paragraph(`${p.adminName}, Shotlog`), paragraph('You wrote:'), quote(p.original)],
        },
      }),
    );
  }
}
