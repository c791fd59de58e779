import { button, facts, paragraph } from './mail-render.js';
import type { MailService } from './mail.service.js';

const when = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The messages the product sends, one method each, in words a user reads: what happened, the
 * figures, one link. Each is keyed so a repeat of the same occasion is one message.
 */
export class MailNotices {
  constructor(private readonly mail: Pick<MailService, 'send' | 'link'>) {}

  /** "Forgot password?": the one-time link (the secret rides in the fragment: it reaches no server log). */
  passwordReset(p: { userId: string; email: string; username: string; secret: string; expiresAt: Date; url: string }) {
    return this.mail.send({
      key: `password-reset:${p.userId}:${p.expiresAt.getTime()}`,
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
    });
  }
}
