import { graphql } from '../gql';

/** What the Pager needs of any Relay connection: whether there is a next page, and where it starts. */
export const PageInfoFieldsFragment = graphql(`
  fragment PageInfoFields on PageInfo {
    hasNextPage
    endCursor
  }
`);
