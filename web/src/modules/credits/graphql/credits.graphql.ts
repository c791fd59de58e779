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
        ...PageInfoFields
      }
      edges {
        node {
          id
          createdAt
          description
          amount
          balanceAfterTransaction
          transactionType
          runId
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
      reference
      status
      createdAt
    }
  }
`);

/** A purchase request as PurchaseRequestCard shows it, to its owner and to administrators alike. */
export const PurchaseRequestFieldsFragment = graphql(`
  fragment PurchaseRequestFields on PurchaseRequest {
    id
    reference
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
`);

export const MyPurchaseRequestsQuery = graphql(`
  query MyPurchaseRequests($first: Int!, $after: String) {
    myPurchaseRequests(first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields
      }
      edges {
        node {
          ...PurchaseRequestFields
        }
      }
    }
  }
`);

export const PaymentInstructionsQuery = graphql(`
  query PaymentInstructions {
    paymentInstructions {
      bank
      paypal
      venmo
      other
    }
  }
`);

export const SubmitPaymentProofMutation = graphql(`
  mutation SubmitPaymentProof($id: ID!, $paymentProof: String!) {
    submitPaymentProof(id: $id, paymentProof: $paymentProof) {
      ...PurchaseRequestFields
    }
  }
`);

export const ContactEmailQuery = graphql(`
  query ContactEmail {
    contactEmail
  }
`);
