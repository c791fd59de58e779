import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { presentRules } from './review.presenter.js';
import { KeywordRulesInput, KeywordRulesType } from './review.types.js';
import { KeywordRulePresetType, KeywordRulesImpactType } from './keyword-rule-presets.types.js';
import type { KeywordRulePresets, PresetView } from './keyword-rule-presets.js';

/** What the presets resolver is built with (app/graphql-schema.ts). */
export interface KeywordRulePresetsResolverDeps {
  rulePresets: KeywordRulePresets;
}

const present = (p: PresetView) => ({ ...p, rules: presentRules(p.rules) });

@Resolver()
export class KeywordRulePresetsResolver {
  constructor(private readonly services: KeywordRulePresetsResolverDeps) {}

  @Query(() => KeywordRulesImpactType, {
    description: 'How many sets of your project each entry of these rules would change (nothing is saved); invalid rules are refused like setKeywordRules.',
  })
  keywordRulesPreview(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('rules', () => KeywordRulesInput, { description: 'The rule set to try.' }) rules: KeywordRulesInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.rulePresets.preview(requireUser(ctx), projectId, rules);
  }

  @Query(() => [KeywordRulePresetType], { description: 'Your saved keyword rule presets, by name.' })
  async keywordRulePresets(@Ctx() ctx: GraphQLContext) {
    return (await this.services.rulePresets.list(requireUser(ctx))).map(present);
  }

  @Mutation(() => KeywordRulePresetType, {
    description: 'Saves keyword rules under a name (1 to 100 characters; the same name replaces it); at most 50 presets.',
  })
  async saveKeywordRulePreset(
    @Arg('name', { description: 'The preset name.' }) name: string,
    @Arg('rules', () => KeywordRulesInput, { description: 'The rules to keep.' }) rules: KeywordRulesInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return present(await this.services.rulePresets.save(requireUser(ctx), name, rules));
  }

  @Mutation(() => ID, { description: 'Deletes one of your presets; returns its id.' })
  deleteKeywordRulePreset(@Arg('id', () => ID, { description: 'A preset id.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return this.services.rulePresets.remove(requireUser(ctx), id);
  }

  @Mutation(() => KeywordRulesType, { description: "Replaces a project's keyword rules by a preset's." })
  async applyKeywordRulePreset(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('presetId', () => ID, { description: 'One of your presets.' }) presetId: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    return presentRules(await this.services.rulePresets.apply(requireUser(ctx), projectId, presetId));
  }
}
