import { graphql } from '../../../gql';

export const TrialBalanceQuery = graphql(`
  query TrialBalance($asOf: String, $first: Int!, $after: String) {
    trialBalance(asOf: $asOf, first: $first, after: $after) {
      asOf
      total
      balanced
      hasMore
      nextCursor
      accounts {
        account
        balance
        userName
        userEmail
      }
      totals {
        kind
        balance
        accounts
      }
    }
  }
`);

export const LedgerStatementQuery = graphql(`
  query LedgerStatement($from: String, $to: String) {
    ledgerStatement(from: $from, to: $to, groupBy: "month") {
      from
      to
      opening
      closing
      balanced
      movements {
        kind
        credits
        dollars
      }
      periods {
        from
        to
        opening
        closing
        balanced
      }
      users {
        userId
        userName
        userEmail
        credits
      }
      usersTruncated
    }
  }
`);
