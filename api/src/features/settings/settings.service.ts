import type { Orm } from '../../platform/db/database.js';
import { badInput } from '../../platform/errors/app-error.js';
import { Setting } from './setting.entity.js';

export const MARKUP_KEY = 'CREDIT_MARKUP_PERCENTAGE';
export const BASE_COST_KEY = 'BASE_COST_PER_FILESET';

/** Defaults until an administrator saves a value (DESIGN: base 0.02, markup 50% => 0.03). */
export const SETTING_DEFAULTS: Record<string, string> = { [MARKUP_KEY]: '50', [BASE_COST_KEY]: '0.02' };

const MARKUP_MESSAGE = 'Please enter a valid markup percentage (0 or greater)';
const MARKUP_MAX = 1000;
const MARKUP_DECIMALS = 2;
/** Plain decimal text only: no sign, exponent, hex, or other forms Number() would accept. */
const MARKUP_TEXT = /^(\d+)(?:\.(\d+))?$/;

/**
 * The markup as canonical decimal text ("33", "12.5"), read from the digits rather than a float:
 * "0x32" and "1e2" are refused, 0.29 is accepted (a float test took 0.29 x 100 for 28.999...).
 * A JSON number is read through its shortest round-trip text, which is what the sender wrote.
 */
export function parseMarkup(raw: unknown): string {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw) || raw < 0) throw badInput(MARKUP_MESSAGE);
    text = String(raw);
    // Exponent form: either beyond the range or below a hundredth.
    if (!MARKUP_TEXT.test(text)) throw badInput(raw > MARKUP_MAX ? markupRange() : markupDecimals());
  } else if (typeof raw === 'string') {
    text = raw.trim();
  } else {
    throw badInput(MARKUP_MESSAGE);
  }
  const m = MARKUP_TEXT.exec(text);
  if (!m) throw badInput(MARKUP_MESSAGE);
  const whole = m[1]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > MARKUP_DECIMALS) throw badInput(markupDecimals());
  if (whole.length > 4 || Number(whole) > MARKUP_MAX || (Number(whole) === MARKUP_MAX && fraction)) throw badInput(markupRange());
  return fraction ? `${whole}.${fraction}` : whole;
}
const markupRange = () => `Markup percentage must be between 0 and ${MARKUP_MAX}`;
const markupDecimals = () => `Markup percentage accepts at most ${MARKUP_DECIMALS} decimals`;

export class SettingsService {
  constructor(private readonly orm: Orm) {}

  async all(): Promise<Array<{ key: string; value: string; updatedAt: Date | null }>> {
    const rows = await this.orm.em.fork().find(Setting, {}, { orderBy: { key: 'asc' } });
    const byKey = new Map(rows.map((r) => [r.key, r]));
    const keys = [...new Set([...Object.keys(SETTING_DEFAULTS), ...byKey.keys()])].sort();
    return keys.map((key) => ({ key, value: byKey.get(key)?.value ?? SETTING_DEFAULTS[key]!, updatedAt: byKey.get(key)?.updatedAt ?? null }));
  }

  async get(key: string): Promise<string> {
    const row = await this.orm.em.fork().findOne(Setting, { key });
    return row?.value ?? SETTING_DEFAULTS[key] ?? '';
  }

  /** Saves the markup; validation messages are SPEC §5's. */
  async setMarkup(raw: unknown, adminId: string): Promise<{ key: string; value: string }> {
    const value = parseMarkup(raw);
    const em = this.orm.em.fork();
    await em.upsert(Setting, { key: MARKUP_KEY, value, updatedAt: new Date(), updatedBy: adminId });
    return { key: MARKUP_KEY, value };
  }
}
