/**
 * The one templating approach for e-mail: a message is a subject and a list of blocks (paragraphs,
 * labelled facts, a button link, preformatted text). `renderMail` turns the blocks into the plain
 * text part and a simple HTML part; every text goes through `escapeHtml` on its way into HTML, so
 * no template builds HTML by hand and nothing a user typed can become markup. Links are absolute
 * (PUBLIC_URL) and shown in full in the text part.
 */

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: ReadonlyArray<readonly [label: string, value: string]> }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'quote'; text: string };

export interface MailContent {
  subject: string;
  /** The first line, e.g. "Hello alice,". */
  greeting?: string;
  blocks: MailBlock[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
export const facts = (rows: ReadonlyArray<readonly [string, string]>): MailBlock => ({ kind: 'facts', rows });
export const button = (label: string, url: string): MailBlock => ({ kind: 'button', label, url });
export const quote = (text: string): MailBlock => ({ kind: 'quote', text });

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * One line for a header: CR, LF and every other control or line/paragraph separator become a
 * space, so a name or subject cannot start a new header (header injection), and it is cut to `max`.
 */
export function headerSafe(text: string, max = 200): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** An element with escaped text children and escaped attribute values: the only way HTML is made here. */
function el(tag: string, attrs: Record<string, string>, ...children: string[]): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
    .join('');
  return `<${tag}${a}>${children.join('')}</${tag}>`;
}
const text = (t: string) => escapeHtml(t).replace(/\n/g, '<br>');

const STYLE = {
  body: 'font-family: -apple-system, Segoe UI, Helvetica, Arial, sans-serif; font-size: 15px; line-height: 1.5; color: #1f2328; max-width: 560px; margin: 0 auto; padding: 16px;',
  button: 'display: inline-block; padding: 10px 18px; background: #0b5fff; color: #ffffff; text-decoration: none; border-radius: 6px;',
  label: 'padding: 2px 12px 2px 0; color: #59636e; vertical-align: top;',
  quote: 'margin: 8px 0; padding: 8px 12px; border-left: 3px solid #d1d9e0; color: #1f2328; white-space: pre-wrap;',
  footer: 'margin-top: 24px; font-size: 12px; color: #59636e;',
};

/** Footer lines every message ends with (why it was sent; the unsubscribe link when there is one). */
export interface MailFooter {
  lines: string[];
  unsubscribeUrl?: string;
}

export function renderMail(content: MailContent, footer: MailFooter): RenderedMail {
  const textParts: string[] = [];
  const htmlParts: string[] = [];
  if (content.greeting) {
    textParts.push(content.greeting);
    htmlParts.push(el('p', {}, text(content.greeting)));
  }
  for (const block of content.blocks) {
    switch (block.kind) {
      case 'paragraph':
        textParts.push(block.text);
        htmlParts.push(el('p', {}, text(block.text)));
        break;
      case 'facts': {
        const width = Math.max(...block.rows.map(([label]) => label.length));
        textParts.push(block.rows.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`).join('\n'));
        const rows = block.rows.map(([label, value]) => el('tr', {}, el('td', { style: STYLE.label }, text(label)), el('td', {}, text(value))));
        htmlParts.push(el('table', { role: 'presentation' }, ...rows));
        break;
      }
      case 'button':
        textParts.push(`${block.label}: ${block.url}`);
        htmlParts.push(el('p', {}, el('a', { href: block.url, style: STYLE.button }, text(block.label))));
        break;
      case 'quote':
        textParts.push(
          block.text
            .split('\n')
            .map((l) => `> ${l}`)
            .join('\n'),
        );
        htmlParts.push(el('blockquote', { style: STYLE.quote }, escapeHtml(block.text)));
        break;
    }
  }
  const footerText = [...footer.lines];
  const footerHtml = footer.lines.map((l) => text(l));
  if (footer.unsubscribeUrl) {
    footerText.push(`Unsubscribe from these e-mails: ${footer.unsubscribeUrl}`);
    footerHtml.push(el('a', { href: footer.unsubscribeUrl }, 'Unsubscribe from these e-mails'));
  }
  textParts.push(`--\n${footerText.join('\n')}`);
  htmlParts.push(el('p', { style: STYLE.footer }, footerHtml.join('<br>')));
  const subject = headerSafe(content.subject);
  const html = `<!doctype html>${el('html', { lang: 'en' }, el('head', {}, '<meta charset="utf-8">', el('title', {}, escapeHtml(subject))), el('body', { style: STYLE.body }, ...htmlParts))}`;
  return { subject, text: `${textParts.join('\n\n')}\n`, html };
}
