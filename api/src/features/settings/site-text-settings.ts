import type { Orm } from '../../platform/db/database.js';
import { badInput } from '../../platform/errors/app-error.js';
import { Setting } from './setting.entity.js';

/** The payment methods a buyer can use; each one's instructions are a setting an administrator writes. */
export const PAYMENT_METHODS = {
  bank: { key: 'PAYMENT_BANK_DETAILS', label: 'Bank transfer', max: 1000, multiline: true },
  paypal: { key: 'PAYMENT_PAYPAL', label: 'PayPal', max: 200, multiline: false },
  venmo: { key: 'PAYMENT_VENMO', label: 'Venmo', max: 200, multiline: false },
  other: { key: 'PAYMENT_OTHER', label: 'Other', max: 1000, multiline: true },
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export type PaymentInstructions = Record<PaymentMethod, string>;
export const CONTACT_EMAIL_KEY = 'CONTACT_EMAIL';

/** Text an administrator typed: trimmed, control characters gone (newlines kept where the field is multi-line). */
function settingText(raw: unknown, label: string, max: number, multiline: boolean): string {
  if (raw === undefined || raw === null) return '';
  if (typeof raw !== 'string') throw badInput(`${label} must be text`);

  const clean = raw.replace(/\r\n?/g, '\n').replace(multiline ? /[\u0000-\u0009\u000b-\u001f\u007f]/g : /[\u0000-\u001f\u007f]/g, multiline ? '' : ' ');
  const text = clean.trim();
  if (text.length > max) throw badInput(`${label} must be at most ${max} characters`);
  return text;
}

const CONTACT_EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]{1,253}\.[^\s@<>()[\]\\,;:".]{1,63}$/;

/** Payment instructions and the operator's contact address (issue 34 items 3 and 4). */
export class SiteTextSettings {
  constructor(private readonly orm: Orm) {}

  private async get(key: string): Promise<string> {
    return (await this.orm.em.fork().findOne(Setting, { key }))?.value ?? '';
  }

  async paymentInstructions(): Promise<PaymentInstructions> {
    const entries = await Promise.all((Object.keys(PAYMENT_METHODS) as PaymentMethod[]).map(async (m) => [m, await this.get(PAYMENT_METHODS[m].key)] as const));
    return Object.fromEntries(entries) as PaymentInstructions;
  }

  /** Saves every method's instructions at once; an empty one means the method is not offered. */
  async setPaymentInstructions(raw: unknown, adminId: string): Promise<PaymentInstructions> {
    const input = (raw ?? {}) as Record<string, unknown>;
    const values = {} as PaymentInstructions;
    for (const m of Object.keys(PAYMENT_METHODS) as PaymentMethod[]) {
      const { label, max, multiline } = PAYMENT_METHODS[m];
      values[m] = settingText(input[m], label, max, multiline);
    }
    const em = this.orm.em.fork();
    for (const m of Object.keys(PAYMENT_METHODS) as PaymentMethod[]) {
      await em.upsert(Setting, { key: PAYMENT_METHODS[m].key, value: values[m], updatedAt: new Date(), updatedBy: adminId });
    }
    return values;
  }

  /** The operator's contact address shown in the footer and on the sign-in page (null: none set). */
  async contactEmail(): Promise<string | null> {
    return (await this.get(CONTACT_EMAIL_KEY)) || null;
  }

  async setContactEmail(raw: unknown, adminId: string): Promise<string | null> {
    const text = settingText(raw, 'Contact e-mail', 254, false).toLowerCase();
    if (text && !CONTACT_EMAIL.test(text)) throw badInput('Please enter a valid email address');
    await this.orm.em.fork().upsert(Setting, { key: CONTACT_EMAIL_KEY, value: text, updatedAt: new Date(), updatedBy: adminId });
    return text || null;
  }
}
