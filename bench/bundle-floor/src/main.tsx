import { createClient as createWsClient } from 'graphql-ws';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { cacheExchange, Client, fetchExchange, Provider, subscriptionExchange, useQuery } from 'urql';

// The smallest app with the same stack as apps/web: React, react-router, urql over HTTP and graphql-ws.
// `npm run bench:bundle` compares the real first screen against this floor; bench:lighthouse and
// bench:slow-link serve it beside the real app.
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

// Once the server answers, a form like the sign-in's: `npm run bench:slow-link` times the floor app to it.
function HomePage() {
  const [result] = useQuery<{ __typename: string }>({ query: '{ __typename }' });
  if (!result.data) {
    return <p>Loading</p>;
  }
  return (
    <form data-floor-form onSubmit={(event) => event.preventDefault()}>
      <h1>Hello</h1>
      <label htmlFor="floor-mobile">Mobile number</label>
      <input id="floor-mobile" type="tel" inputMode="numeric" />
      <button type="submit">Send now</button>
    </form>
  );
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
