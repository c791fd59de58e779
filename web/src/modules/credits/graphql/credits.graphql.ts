import { graphql } from '../../../gql';

export const CreditBalanceQuery = graphql(`
  query CreditBalance {
    me {
      id
      creditBalance
    }
  }
`);

export const TransactionsQuery = graphql(`
  query Transactions($first: Int!, $after: String) {
    transactions(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          createdAt
          description
          amount
          balanceAfterTransaction
          transactionType
        }
      }
    }
  }
`);

export const CreditPackagesQuery = graphql(`
  query CreditPackages {
    creditPackages {
      id
      name
      credits
      price
      description
      pricePerCredit
      savingsPercent
      bestValue
    }
  }
`);

export const CreatePurchaseRequestMutation = graphql(`
  mutation CreatePurchaseRequest($packageId: ID!, $idempotencyKey: String) {
    createPurchaseRequest(packageId: $packageId, idempotencyKey: $idempotencyKey) {
      id
      status
      createdAt
    }
  }
`);

export const MyPurchaseRequestsQuery = graphql(`
  query MyPurchaseRequests($first: Int!, $after: String) {
    myPurchaseRequests(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        node {
          id
          status
          createdAt
          decidedAt
          adminNotes
          paymentProof
          creditPackage {
            id
            name
            credits
            price
          }
        }
      }
    }
  }
`);
