import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApolloProvider } from '@apollo/client/react';
import { BrowserRouter } from 'react-router';
import { createApolloClient } from './app/apollo-client';
import { SessionProvider } from './app/session';
import { App } from './app/App';
import './styles/theme.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={createApolloClient()}>
      <BrowserRouter>
        <SessionProvider>
          <App />
        </SessionProvider>
      </BrowserRouter>
    </ApolloProvider>
  </StrictMode>,
);
