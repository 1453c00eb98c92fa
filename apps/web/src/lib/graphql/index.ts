export { createGraphQLClient, requestHeaders, socketUrlWithToken, type GraphQLClient } from './client.ts';
export { GraphQLProvider, useGraphQLClient } from './graphql-provider.tsx';
export { errorText, errorCodes } from '@careline/ui/graphql';
export { authActionFor, performAuthAction, type AuthErrorAction } from './auth-errors.ts';
