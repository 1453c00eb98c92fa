import { createClient as createWsClient } from 'graphql-ws';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { cacheExchange, Client, fetchExchange, Provider, subscriptionExchange, useQuery } from 'urql';

// The smallest app with the same stack as apps/web: React, react-router, urql over HTTP and graphql-ws.
// `npm run bench:bundle` compares the real first screen against this floor.
const ws = createWsClient({ url: `${location.origin.replace(/^http/, 'ws')}/graphql`, lazy: true });

const client = new Client({
  url: '/graphql',
  exchanges: [
    cacheExchange,
    fetchExchange,
    subscriptionExchange({
      forwardSubscription: (request) => ({
        subscribe: (sink) => ({ unsubscribe: ws.subscribe({ ...request, query: request.query ?? '' }, sink) }),
      }),
    }),
  ],
});

function HomePage() {
  const [result] = useQuery<{ __typename: string }>({ query: '{ __typename }' });
  return <p>{result.data ? 'Hello' : 'Loading'}</p>;
}

// Every path (the bench opens /login and /chat-home) renders the one page, never the router's 404.
const router = createBrowserRouter([{ path: '*', element: <HomePage /> }]);

const rootElement = document.getElementById('root');
if (rootElement) {
  createRoot(rootElement).render(
    <StrictMode>
      <Provider value={client}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
}
