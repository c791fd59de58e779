import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { getMainDefinition } from '@apollo/client/utilities';
import { createClient } from 'graphql-ws';
import { Kind, OperationTypeNode } from 'graphql';
import { apiUrl, wsUrl } from './api-base';
import { authHeader, graphqlHeaders } from './auth-header';
import { setWsStatus } from './ws-status';
import { typePolicies } from './cache-policies';

/**
 * One Apollo client for the app: HTTP for queries and mutations (Bearer token from local storage,
 * Apollo-Require-Preflight for CSRF prevention), graphql-ws on the same path for subscriptions.
 */
export function createApolloClient(): ApolloClient {
  const auth = new SetContextLink((prev) => ({ headers: { ...prev.headers, ...graphqlHeaders() } }));
  const http = new HttpLink({ uri: apiUrl('/graphql') });
  const ws = new GraphQLWsLink(
    createClient({
      url: wsUrl('/graphql'),
      lazy: true,
      connectionParams: () => authHeader(),
      retryAttempts: Infinity,
      shouldRetry: () => true,
      on: {
        connecting: () => setWsStatus('connecting'),
        connected: () => setWsStatus('connected'),
        closed: () => setWsStatus('closed'),
      },
    }),
  );
  const isSubscription = ({ query }: ApolloLink.Operation) => {
    const def = getMainDefinition(query);
    return def.kind === Kind.OPERATION_DEFINITION && def.operation === OperationTypeNode.SUBSCRIPTION;
  };
  return new ApolloClient({
    link: ApolloLink.split(isSubscription, ws, ApolloLink.from([auth, http])),
    cache: new InMemoryCache({ typePolicies }),
    defaultOptions: { watchQuery: { fetchPolicy: 'cache-and-network' } },
  });
}
