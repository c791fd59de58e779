import { Router, type Request } from 'express';
import { escapeHtml } from '../mail/mail-render.js';
import type { NotificationsService } from './notifications.service.js';

/**
 * The unsubscribe link of every notification e-mail, without sign-in (the signed token is the
 * authority, for one user and one kind): GET shows what it turns off and a button; POST turns it
 * off (the button, or a mail client's RFC 8058 one-click "List-Unsubscribe=One-Click").
 */
export function notificationRoutes(s: { notifications: Pick<NotificationsService, 'checkToken' | 'unsubscribe'> }): Router {
  const r = Router();
  const tokenOf = (req: Request) => (typeof req.query.token === 'string' ? req.query.token : undefined);
  r.get('/unsubscribe', async (req, res) => {
    const named = await s.notifications.checkToken(tokenOf(req));
    if (!named)
      return void res
        .status(400)
        .type('html')
        .send(
          page(
            'Link not valid',
            'This unsubscribe link is not valid (cut short or changed). Nothing was changed. You can turn e-mails off in Settings after signing in.',
          ),
        );
    res.type('html').send(
      page('Unsubscribe', `Stop e-mails of this kind: "${named.label}"? You can turn them on again in Settings.`, {
        action: `?token=${encodeURIComponent(tokenOf(req)!)}`,
        label: 'Unsubscribe',
      }),
    );
  });
  r.post('/unsubscribe', async (req, res) => {
    const named = await s.notifications.unsubscribe(tokenOf(req));
    if (!named)
      return void res.status(400).type('html').send(page('Link not valid', 'This unsubscribe link is not valid (cut short or changed). Nothing was changed.'));
    res.type('html').send(page('Unsubscribed', `You will no longer receive "${named.label}" e-mails. You can turn them on again in Settings.`));
  });
  return r;
}

/** A minimal page; every text is escaped on its way in. */
function page(title: string, message: string, form?: { action: string; label: string }): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(form.label)}</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)} · Shotlog</title></head><body style="font-family: sans-serif; max-width: 560px; margin: 48px auto; padding: 0 16px"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>${button}</body></html>`;
}
