import { graphql } from '../../../gql';

export const DetailResultFragment = graphql(`
  fragment DetailResult on ProcessedResult {
    content {
      title
      finalDescription
      keywords
      editorial
      categories {
        adobeCategory
        shutterstockACategory
        shutterstockBCategory
      }
    }
    metadata {
      latitude
      longitude
      city
      country
      region
      placeLine
      features
    }
    shotTypes {
      id
      label
      value
    }
  }
`);

export const DetailFileSetResultFragment = graphql(`
  fragment DetailFileSetResult on FileSetResult {
    fileSetId
    edited
    version
    missingNote
    current {
      ...DetailResult
    }
  }
`);

export const UpdateFileSetResultMutation = graphql(`
  mutation UpdateFileSetResult($fileSetId: ID!, $input: FileSetResultInput!) {
    updateFileSetResult(fileSetId: $fileSetId, input: $input) {
      ...DetailFileSetResult
    }
  }
`);

export const ResetFileSetResultMutation = graphql(`
  mutation ResetFileSetResult($fileSetId: ID!) {
    resetFileSetResult(fileSetId: $fileSetId) {
      ...DetailFileSetResult
    }
  }
`);

/** Written into the cache after a save or reset, so the page shows the server's copy without a refetch. */
export const FileSetResultHolderFragment = graphql(`
  fragment FileSetResultHolder on FileSet {
    id
    result {
      ...DetailFileSetResult
    }
  }
`);
