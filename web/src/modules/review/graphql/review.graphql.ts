import { graphql } from '../../../gql';

/** One keyset page of the review grid (api/src/features/review/review-query.ts). */
export const ReviewSetsQuery = graphql(`
  query ReviewSets($projectId: ID!, $first: Int!, $after: String, $filter: ReviewFilterInput, $sort: ReviewSort!, $descending: Boolean!) {
    reviewSets(projectId: $projectId, first: $first, after: $after, filter: $filter, sort: $sort, descending: $descending) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          position
          baseName
          filename
          thumbnailUri
          status
          title
          description
          keywords
          keywordCount
          adobeCategory
          shutterstockACategory
          shutterstockBCategory
          city
          country
          region
          placeLine
          features
          shotTypes
          agencyRefusals {
            format
            agency
            problems
          }
        }
      }
    }
  }
`);

/** The project's name, the category lists and the shot-type vocabulary, for the toolbar and editors. */
export const ReviewContextQuery = graphql(`
  query ReviewContext($projectId: ID!) {
    project(id: $projectId) {
      id
      name
    }
    categoryOptions {
      adobe
      shutterstock
    }
    shotTypeVocabulary {
      id
      label
    }
    projectEditHistory(projectId: $projectId, first: 20) {
      id
      action
      params
      changedCount
      username
      createdAt
      undoneAt
    }
  }
`);

export const BulkResultFields = graphql(`
  fragment BulkResultFields on BulkEditResult {
    actionId
    matched
    changed
    unchanged
    refused {
      fileSetId
      baseName
      reason
    }
  }
`);

export const AddKeywordsMutation = graphql(`
  mutation ReviewAddKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!, $position: KeywordPosition!) {
    addKeywords(selection: $selection, keywords: $keywords, position: $position) {
      ...BulkResultFields
    }
  }
`);
export const RemoveKeywordsMutation = graphql(`
  mutation ReviewRemoveKeywords($selection: ReviewSelectionInput!, $keywords: [String!]!) {
    removeKeywords(selection: $selection, keywords: $keywords) {
      ...BulkResultFields
    }
  }
`);
export const ReplaceKeywordMutation = graphql(`
  mutation ReviewReplaceKeyword($selection: ReviewSelectionInput!, $from: String!, $to: String!) {
    replaceKeyword(selection: $selection, from: $from, to: $to) {
      ...BulkResultFields
    }
  }
`);
export const FindReplaceMutation = graphql(`
  mutation ReviewFindReplace($selection: ReviewSelectionInput!, $field: ReviewTextField!, $find: String!, $replace: String!, $wholeWord: Boolean!) {
    findReplace(selection: $selection, field: $field, find: $find, replace: $replace, wholeWord: $wholeWord) {
      ...BulkResultFields
    }
  }
`);
export const SetCategoriesMutation = graphql(`
  mutation ReviewSetCategories($selection: ReviewSelectionInput!, $adobeCategory: String) {
    setCategories(selection: $selection, adobeCategory: $adobeCategory) {
      ...BulkResultFields
    }
  }
`);
export const ReorderMutation = graphql(`
  mutation ReviewReorder($selection: ReviewSelectionInput!) {
    reorderKeywordsByRelevance(selection: $selection) {
      ...BulkResultFields
    }
  }
`);
export const ResetMutation = graphql(`
  mutation ReviewReset($selection: ReviewSelectionInput!) {
    resetToAiOriginal(selection: $selection) {
      ...BulkResultFields
    }
  }
`);
export const UndoMutation = graphql(`
  mutation ReviewUndo($projectId: ID!) {
    undoProjectEdit(projectId: $projectId) {
      actionId
      restored
      skipped
      skippedCount
    }
  }
`);
