import { Field, ID, Int, ObjectType } from 'type-graphql';
import { KeywordRulesType } from './review.types.js';

@ObjectType('KeywordRuleImpact', { description: 'How many sets one keyword rule entry changes.' })
export class KeywordRuleImpactType {
  @Field({ description: 'alwaysInclude, neverInclude, synonyms or maxPerAgency.' })
  kind!: string;
  @Field({ description: 'The entry: the keyword, "from -> to", or the agency (adobe, shutterstock, pond5).' })
  entry!: string;
  @Field(() => Int, { description: 'Sets (with a result) it changes.' })
  sets!: number;
  @Field({ description: "The entry's effect in words, e.g. \"Adds 'Portugal' to 38 of 40 sets\"." })
  summary!: string;
}

@ObjectType('KeywordRulesImpact', { description: 'What a rule set would change in a project, before it is saved.' })
export class KeywordRulesImpactType {
  @Field(() => Int, { description: 'Sets with a result (what the counts are out of).' })
  sets!: number;
  @Field(() => Int, { description: 'Sets any rule changes.' })
  changed!: number;
  @Field(() => [KeywordRuleImpactType], { description: 'One per entry, in the order of the lists.' })
  entries!: KeywordRuleImpactType[];
}

@ObjectType('KeywordRulePreset', { description: 'Keyword rules saved under a name, to apply to any of your projects.' })
export class KeywordRulePresetType {
  @Field(() => ID, { description: 'Preset id.' })
  id!: string;
  @Field({ description: 'Its name (unique among your presets).' })
  name!: string;
  @Field(() => KeywordRulesType, { description: 'The rules it holds.' })
  rules!: KeywordRulesType;
  @Field({ description: 'When it was last saved.' })
  updatedAt!: Date;
}
