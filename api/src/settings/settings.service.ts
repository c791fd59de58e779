import { z } from 'zod';
import type { Orm } from '../db/database.js';
import { badInput } from '../errors/app-error.js';
import { Setting } from './setting.entity.js';

export const MARKUP_KEY = 'CREDIT_MARKUP_PERCENTAGE';
export const BASE_COST_KEY = 'BASE_COST_PER_FILESET';

/** Defaults until an administrator saves a value (DESIGN: base 0.02, markup 50% => 0.03). */
export const SETTING_DEFAULTS: Record<string, string> = { [MARKUP_KEY]: '50', [BASE_COST_KEY]: '0.02' };

const MARKUP_MESSAGE = 'Please enter a valid markup percentage (0 or greater)';
const markupValue = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z
    .number({ error: MARKUP_MESSAGE })
    .refine((n) => Number.isFinite(n), MARKUP_MESSAGE)
    .refine((n) => n >= 0, MARKUP_MESSAGE)
    .refine((n) => n <= 1000, 'Markup percentage must be between 0 and 1000')
    .refine((n) => Math.round(n * 100) === n * 100, 'Markup percentage accepts at most 2 decimals'),
);

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
    if (raw === undefined || raw === null || raw === '') throw badInput(MARKUP_MESSAGE);
    const value = markupValue.parse(raw);
    const em = this.orm.em.fork();
    await em.upsert(Setting, { key: MARKUP_KEY, value: String(value), updatedAt: new Date(), updatedBy: adminId });
    return { key: MARKUP_KEY, value: String(value) };
  }
}
