// The themes and shared elements first: each module's styles come after them and may refine them.
import './styles/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ApolloProvider } from '@apollo/client/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createApolloClient } from './client/apollo-client';
import { SessionProvider } from './modules/auth/session';
import { App } from './app/App';

// A data router, so pages can block navigation (useBlocker: the project page's unsaved edits);
// App keeps declaring the routes themselves with <Routes> under this one catch-all route.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ApolloProvider client={createApolloClient()}>
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>
    </ApolloProvider>
  </StrictMode>,
);
