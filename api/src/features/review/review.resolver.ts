import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { checkFirst, toConnection } from '../../platform/graphql/relay.js';
import { categories, findReplaceArgs, nonEmpty } from './bulk-input.js';
import type { BulkAction } from './bulk-actions.js';
import { presentHistory, presentReviewSet, presentRules } from './review.presenter.js';
import { reviewCursor } from './review-query.js';
import {
  BulkEditResultType,
  KeywordPositionEnum,
  KeywordRulesInput,
  KeywordRulesType,
  ProjectEditType,
  ReviewFilterInput,
  ReviewSelectionInput,
  ReviewSetConnection,
  ReviewSortEnum,
  TextFieldEnum,
  UndoResultType,
} from './review.types.js';
import type { ReviewService } from './review.service.js';

/** What the review resolver is built with (app/graphql-schema.ts). */
export interface ReviewResolverDeps {
  review: ReviewService;
}

const selectionArg = { description: 'The sets: ids of one of your projects, or all of its sets matching a filter.' };

@Resolver()
export class ReviewResolver {
  constructor(private readonly services: ReviewResolverDeps) {}

  private run(ctx: GraphQLContext, selection: ReviewSelectionInput, action: BulkAction) {
    const { kind, ...params } = action;
    return this.services.review.bulk(requireUser(ctx), selection, action, { kind, ...params });
  }

  @Query(() => ReviewSetConnection, {
    description: "The review grid: one of your project's sets with their current result, filtered and sorted, in keyset pages.",
  })
  async reviewSets(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('first', () => Int, { defaultValue: 100, description: '1 to 200.' }) first: number,
    @Arg('after', () => String, { nullable: true, description: 'endCursor of the previous page (same sort and filter).' }) after: string | null,
    @Arg('filter', () => ReviewFilterInput, { nullable: true, description: 'Which sets.' }) filter: ReviewFilterInput | null,
    @Arg('sort', () => ReviewSortEnum, { defaultValue: ReviewSortEnum.POSITION, description: 'Sort column.' }) sort: ReviewSortEnum,
    @Arg('descending', () => Boolean, { defaultValue: false, description: 'Sort descending.' }) descending: boolean,
    @Ctx() ctx: GraphQLContext,
  ) {
    const n = checkFirst(first);
    const page = await this.services.review.page(requireUser(ctx), projectId, { first: n, after, filter, sort, descending });
    return toConnection(page.rows, {
      first: n,
      after,
      totalCount: page.totalCount,
      hasNextPage: page.hasNextPage,
      cursorOf: (r) => reviewCursor(page.sort, page.descending, r),
      nodeOf: (r) => presentReviewSet(r, page.refusals),
    });
  }

  @Query(() => KeywordRulesType, { description: "One of your project's keyword rules (empty lists when none are set)." })
  async keywordRules(@Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string, @Ctx() ctx: GraphQLContext) {
    return presentRules(await this.services.review.rules(requireUser(ctx), projectId));
  }

  @Mutation(() => KeywordRulesType, { description: "Replaces a project's keyword rules; empty or duplicated entries are refused with the entry named." })
  async setKeywordRules(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('rules', () => KeywordRulesInput, { description: 'The whole rule set.' }) rules: KeywordRulesInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return presentRules(await this.services.review.setRules(requireUser(ctx), projectId, rules));
  }

  @Mutation(() => BulkEditResultType, {
    description: 'Adds keywords to every selected set (duplicates, synonyms and rules applied); a set over the keyword limit is refused.',
  })
  addKeywords(
    @Arg('selection', () => ReviewSelectionInput, selectionArg) selection: ReviewSelectionInput,
    @Arg('keywords', () => [String], { description: 'The keywords to add.' }) keywords: string[],
    @Arg('position', () => KeywordPositionEnum, { defaultValue: KeywordPositionEnum.END, description: 'At the start or the end.' })
    position: KeywordPositionEnum,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.run(ctx, selection, { kind: 'addKeywords', keywords: nonEmpty(keywords), position });
  }

  @Mutation(() => BulkEditResultType, { description: 'Removes keywords (case- and plural-insensitive) from every selected set.' })
  removeKeywords(
    @Arg('selection', () => ReviewSelectionInput, selectionArg) selection: ReviewSelectionInput,
    @Arg('keywords', () => [String], { description: 'The keywords to remove.' }) keywords: string[],
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.run(ctx, selection, { kind: 'removeKeywords', keywords: nonEmpty(keywords) });
  }

  @Mutation(() => BulkEditResultType, { description: 'Replaces one keyword by another in every selected set.' })
  replaceKeyword(
    @Arg('selection', () => ReviewSelectionInput, selectionArg) selection: ReviewSelectionInput,
    @Arg('from', { description: 'The keyword replaced (case- and plural-insensitive).' }) from: string,
    @Arg('to', { description: 'Its replacement.' }) to: string,
    @Ctx() ctx: GraphQLContext,
  ) {
    const [f, t] = nonEmpty([from, to], 'Give the keyword to replace and its replacement');
    return this.run(ctx, selection, { kind: 'replaceKeyword', from: f!, to: t! });
  }

  @Mutation(() => BulkEditResultType, {
    description:
      "Finds and replaces plain text in titles or descriptions; a set left without a title is refused. When a text would grow past its field's limit, the whole action is refused (BAD_USER_INPUT naming the set) and nothing changes.",
  })
  findReplace(
    @Arg('selection', () => ReviewSelectionInput, selectionArg) selection: ReviewSelectionInput,
    @Arg('field', () => TextFieldEnum, { description: 'Titles or descriptions.' }) field: TextFieldEnum,
    @Arg('find', { description: 'The text to find (plain text, not a pattern; at most 500 characters for titles, 5,000 for descriptions).' }) find: string,
    @Arg('replace', { description: 'What replaces it (may be empty; at most 500 characters for titles, 5,000 for descriptions).' }) replace: string,
    @Arg('wholeWord', () => Boolean, { defaultValue: false, description: 'Only where it is a whole word.' }) wholeWord: boolean,
    @Arg('matchCase', () => Boolean, { defaultValue: false, description: 'Case-sensitive.' }) matchCase: boolean,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.run(ctx, selection, findReplaceArgs(field, find, replace, { wholeWord, matchCase }));
  }

  @Mutation(() => BulkEditResultType, { description: 'Sets the categories of every selected set (a category left out is kept; null clears it).' })
  setCategories(
    @Arg('selection', () => ReviewSelectionInput, selectionArg) selection: ReviewSelectionInput,
    @Arg('adobeCategory', () => String, { nullable: true, description: 'Adobe Stock category.' }) adobe: string | null | undefined,
    @Arg('shutterstockACategory', () => String, { nullable: true, description: 'First Shutterstock category.' }) shutterstockA: string | null | undefined,
    @Arg('shutterstockBCategory', () => String, { nullable: true, description: 'Second Shutterstock category.' }) shutterstockB: string | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.run(ctx, selection, { kind: 'setCategories', ...categories({ adobe, shutterstockA, shutterstockB }) });
  }

  @Mutation(() => BulkEditResultType, { description: 'Orders keywords most specific first: place, subject, shot type, then generic words.' })
  reorderKeywordsByRelevance(@Arg('selection', () => ReviewSelectionInput, selectionArg) selection: ReviewSelectionInput, @Ctx() ctx: GraphQLContext) {
    return this.run(ctx, selection, { kind: 'reorderKeywordsByRelevance' });
  }

  @Mutation(() => BulkEditResultType, { description: "Restores every selected set's AI original." })
  resetToAiOriginal(@Arg('selection', () => ReviewSelectionInput, selectionArg) selection: ReviewSelectionInput, @Ctx() ctx: GraphQLContext) {
    return this.run(ctx, selection, { kind: 'resetToAiOriginal' });
  }

  @Query(() => [ProjectEditType], { description: "A project's bulk actions, newest first." })
  async projectEditHistory(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('first', () => Int, { defaultValue: 50, description: '1 to 200.' }) first: number,
    @Ctx() ctx: GraphQLContext,
  ) {
    return (await this.services.review.history(requireUser(ctx), projectId, checkFirst(first))).map(presentHistory);
  }

  @Mutation(() => UndoResultType, {
    description: 'Undoes a bulk action (the latest when no id is given); refused, naming the sets, when any was edited since.',
  })
  undoProjectEdit(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('editId', () => ID, { nullable: true, description: 'A history entry; omitted: the latest not undone.' }) editId: string | null,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.review.undo(requireUser(ctx), projectId, editId);
  }
}
