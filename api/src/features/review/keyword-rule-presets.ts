/**
 * The keyword rules workbench: a preview of how many sets each rule would change (before saving),
 * and a user's saved rule presets, applied to a project in one step. Presets live in this
 * feature's own table (keyword_rule_presets) through the ORM; sets' keywords come from the results
 * feature's service, the project's rules from the review service (which checks the owner).
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Orm } from '../../platform/db/database.js';
import { AppError, badInput, notFound } from '../../platform/errors/app-error.js';
import { parseId } from '../../platform/validation/ids.js';
import { User } from '../users/user.entity.js';
import { KeywordRulePreset } from './keyword-rule-preset.entity.js';
import { rulesImpact, type RulesImpact } from './keyword-rules-impact.js';
import { validateKeywordRules, type KeywordRules } from './keyword-rules.js';
import type { ReviewService } from './review.service.js';

/** Presets one account may keep, and the longest name (README "Fixed limits"). */
export const MAX_PRESETS_PER_ACCOUNT = 50;
export const MAX_PRESET_NAME_CHARS = 100;

export interface PresetView {
  id: string;
  name: string;
  rules: KeywordRules;
  updatedAt: Date;
}

const view = (p: KeywordRulePreset): PresetView => ({ id: p.id, name: p.name, rules: p.rules, updatedAt: p.updatedAt });

type RawRules = Parameters<typeof validateKeywordRules>[0];

/** The results feature's read of a project's keywords (given by the composition root; no import, no cycle). */
export interface ProjectKeywordsSource {
  keywordsOfProject(projectId: string): Promise<string[][]>;
}

export class KeywordRulePresets {
  constructor(
    private readonly orm: Orm,
    private readonly review: Pick<ReviewService, 'rules' | 'setRules'>,
    private readonly results: ProjectKeywordsSource,
  ) {}

  /** How many of the project's sets each entry of `raw` changes; refused like setKeywordRules when invalid. */
  async preview(user: User, projectId: string, raw: RawRules): Promise<RulesImpact> {
    const rules = validateKeywordRules(raw ?? {});
    await this.review.rules(user, projectId); // the owner's project, or 404
    return rulesImpact(rules, await this.results.keywordsOfProject(parseId(projectId, 'project')));
  }

  async list(user: User): Promise<PresetView[]> {
    const rows = await this.orm.em.fork().find(KeywordRulePreset, { owner: user.id }, { orderBy: { name: 'asc' } });
    return rows.map(view);
  }

  /** Saves (or replaces, by name) a preset. */
  async save(user: User, rawName: unknown, raw: RawRules): Promise<PresetView> {
    const name = typeof rawName === 'string' ? rawName.trim().replace(/\s+/g, ' ') : '';
    if (!name) throw badInput('Give the preset a name', { field: 'name' });
    if (name.length > MAX_PRESET_NAME_CHARS)
      throw badInput(`The preset name is ${name.length} characters; the limit is ${MAX_PRESET_NAME_CHARS}`, {
        field: 'name',
        limit: MAX_PRESET_NAME_CHARS,
        value: name.length,
      });
    const rules = validateKeywordRules(raw ?? {});
    const em = this.orm.em.fork();
    const existing = await em.findOne(KeywordRulePreset, { owner: user.id, name });
    if (existing) {
      existing.rules = rules;
      existing.updatedAt = new Date();
      await em.flush();
      return view(existing);
    }
    const count = await em.count(KeywordRulePreset, { owner: user.id });
    if (count >= MAX_PRESETS_PER_ACCOUNT)
      throw new AppError('CONFLICT', `You have ${count} presets; the limit is ${MAX_PRESETS_PER_ACCOUNT}. Delete one first`, {
        limit: MAX_PRESETS_PER_ACCOUNT,
        value: count,
      });
    const preset = em.create(KeywordRulePreset, { owner: em.getReference(User, user.id), name, rules, createdAt: new Date(), updatedAt: new Date() });
    try {
      await em.flush();
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException)
        throw new AppError('CONFLICT', `A preset named '${name}' was just saved; save again to replace it`);
      throw err;
    }
    return view(preset);
  }

  async remove(user: User, rawId: unknown): Promise<string> {
    const id = parseId(rawId, 'preset');
    const deleted = await this.orm.em.fork().nativeDelete(KeywordRulePreset, { id, owner: user.id });
    if (!deleted) throw notFound('Preset not found');
    return id;
  }

  /** Replaces the project's rules by the preset's. */
  async apply(user: User, projectId: string, rawPresetId: unknown): Promise<KeywordRules> {
    const id = parseId(rawPresetId, 'preset');
    const preset = await this.orm.em.fork().findOne(KeywordRulePreset, { id, owner: user.id });
    if (!preset) throw notFound('Preset not found');
    return this.review.setRules(user, projectId, preset.rules);
  }
}
