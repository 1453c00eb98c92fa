export { createGraphQLClient, requestHeaders, socketUrlWithToken, type GraphQLClient } from './client.ts';
export { GraphQLProvider, useGraphQLClient } from './graphql-provider.tsx';
export { errorText, errorCodes } from './errors.ts';
export { authActionFor, performAuthAction, type AuthErrorAction } from './auth-errors.ts';
