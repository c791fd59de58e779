import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { authHeader } from '../client/auth-header';
import { getToken } from '../client/token-store';
import { createExplorerFetcher, parseHeaders } from './explorer-fetcher';
import './explorer.css';

/**
 * The GraphQL explorer served at /explorer (GraphiQL, bundled: no network needed). The
 * Authorization header starts as the signed-in user's token from the web app's local storage;
 * paste an API token there to try a script's exact rights.
 */
const token = getToken();
// Shown capitalised, as the API's docs write it (the server reads either spelling).
const { authorization } = authHeader(token);
const defaultHeaders = JSON.stringify(authorization ? { Authorization: authorization } : {}, null, 2);
let headersText = defaultHeaders;
const fetcher = createExplorerFetcher(() => parseHeaders(headersText));

const defaultQuery = `# Welcome to the Shotlog GraphQL explorer.
# The Authorization header (Headers tab below) is ${token ? 'your signed-in session' : 'empty: sign in to Shotlog first, or paste an API token'}.
# Press Ctrl-Enter (Cmd-Enter) to run; the Docs button lists every type and field.

{
  me {
    username
    creditBalance
  }
}
`;

createRoot(document.getElementById('explorer')!).render(
  <StrictMode>
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={defaultQuery}
      defaultHeaders={defaultHeaders}
      headers={defaultHeaders}
      defaultEditorToolsVisibility="headers"
      isHeadersEditorEnabled
      shouldPersistHeaders={false}
      onEditHeaders={(text) => {
        headersText = text;
      }}
    >
      <GraphiQL.Logo>
        <a href="/" className="explorer-logo">
          Shotlog
        </a>{' '}
        GraphQL Explorer
      </GraphiQL.Logo>
    </GraphiQL>
  </StrictMode>,
);
