import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'urql';
import { setUpGraphQLClient, watchPageVisibility } from '@careline/ui/graphql';
import { watchBrowserConnectivity } from '../network/network-status.ts';
import { patientClientSetup, type GraphQLClient } from './client.ts';

const GraphQLClientContext = createContext<GraphQLClient | null>(null);

/** Provides the urql client (for useQuery/useMutation/useSubscription) and the live socket. */
export function GraphQLProvider({ children, value }: { children: ReactNode; value?: GraphQLClient }) {
  const [graphql] = useState<GraphQLClient>(() => value ?? setUpGraphQLClient(patientClientSetup));
  useEffect(() => watchPageVisibility(graphql.liveSocket), [graphql]);
  useEffect(() => watchBrowserConnectivity(), []);
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
    throw new Error('useGraphQLClient must be used inside GraphQLProvider');
  }
  return graphql;
}
