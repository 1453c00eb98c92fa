import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'urql';
import type { GraphQLClient } from './client.ts';
import { watchPageVisibility } from './page-visibility.ts';

const GraphQLClientContext = createContext<GraphQLClient | null>(null);

/**
 * Provides the urql client (for useQuery/useMutation/useSubscription) and the live socket, which
 * closes while the page is hidden (spec doc 1 §4).
 * @param props - create: builds the client once; children
 */
export function GraphQLClientProvider({ children, create }: { children: ReactNode; create: () => GraphQLClient }) {
  const [graphql] = useState<GraphQLClient>(create);
  useEffect(() => watchPageVisibility(graphql.liveSocket), [graphql]);
  return (
    <GraphQLClientContext.Provider value={graphql}>
      <Provider value={graphql.client}>{children}</Provider>
    </GraphQLClientContext.Provider>
  );
}

/** The app's GraphQL client and live socket (for one-off calls outside hooks, e.g. client.query()). */
export function useGraphQLClient(): GraphQLClient {
  const graphql = useContext(GraphQLClientContext);
  if (!graphql) {
    throw new Error('useGraphQLClient must be used inside GraphQLClientProvider');
  }
  return graphql;
}
