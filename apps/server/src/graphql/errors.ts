import { AppError, errorString } from '@careline/domain/errors';
import { GraphQLError, type ExecutionResult } from 'graphql';
import type { GraphQLContext } from './context.ts';

type FormattedError = {
  message: string;
  locations?: unknown;
  path?: unknown;
  extensions?: unknown;
};

function findAppError(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof AppError) {
      return current;
    }
    current = (current as { originalError?: unknown }).originalError;
  }
  return null;
}

/**
 * Turns execution errors into what a client may see: catalogue 'CODE:message' strings only.
 * Unexpected errors are logged with the correlation id and shown as the generic text (STYLE.md).
 * @param execution - the GraphQL result with errors
 * @param context - the request context (for the log, tenant and correlation id)
 * @param production - whether to hide field suggestions
 */
export function formatGraphQLErrors(
  execution: ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>,
  context: GraphQLContext,
  production: boolean,
): { statusCode: number; response: ExecutionResult } {
  const hospital = context.tenant?.publicConfig.branding.hospitalName ?? 'the hospital';
  // Mercurius wraps validation failures in one error carrying the list: unwrap them.
  const flat = execution.errors.flatMap((error) => {
    const inner = (error.originalError as { errors?: unknown } | undefined)?.errors;
    return Array.isArray(inner) ? (inner as GraphQLError[]) : [error];
  });
  let clientFault = false;
  let requestStatus: number | null = null;
  const errors = flat.map((error): FormattedError => {
    const appError = findAppError(error);
    if (appError) {
      // Without a path it refused the request itself (a bad scalar in validation or in variables).
      clientFault ||= !error.path;
      return { message: appError.message, path: error.path, extensions: { code: appError.code } };
    }
    const original = error.originalError;
    // Fastify's own refusals (bad JSON, body too large) carry a 4xx status: the client's fault.
    const httpStatus = clientErrorStatus(original);
    if (httpStatus !== null) {
      requestStatus ??= httpStatus;
    }
    const isRuntime =
      Boolean(original) &&
      !isGraphQLError(original) &&
      !isRequestError(original) &&
      httpStatus === null;
    if (isRuntime) {
      context.log?.error(
        { err: sanitiseError(original), correlationId: context.correlationId, path: error.path },
        'unexpected error in resolver',
      );
      return {
        message: errorString('ARO-E9999', { hospital }),
        path: error.path,
        extensions: { code: 'ARO-E9999', correlationId: context.correlationId },
      };
    }
    // Parse and validation errors describe the request, not the server: keep them, minus suggestions.
    clientFault = true;
    const message = production
      ? error.message.replace(/\s*Did you mean[^?]*\?/g, '')
      : error.message;
    return {
      message,
      locations: error.locations,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    };
  });
  const statusCode = execution.data ? 200 : clientFault ? (requestStatus ?? 400) : 200;
  return {
    statusCode,
    response: { data: execution.data ?? null, errors: errors as unknown as GraphQLError[] },
  };
}

/**
 * The codes of a formatted answer's errors, for the errors counter (metrics).
 * @param response - an answer from formatGraphQLErrors
 */
export function errorCodes(response: ExecutionResult): string[] {
  return (response.errors ?? []).map((error) => {
    const code = error.extensions?.code;
    return typeof code === 'string' ? code : 'unknown';
  });
}

/**
 * What of an unexpected error may be logged: Drizzle's messages carry the query's parameters
 * (mobile numbers, names, hashes), so the message is cut before them and the cause keeps only its code.
 * @param error - the error a resolver threw
 */
export function sanitiseError(error: unknown): {
  type: string;
  message: string;
  causeCode?: string;
  stack?: string;
} {
  const err = error instanceof Error ? error : new Error(String(error));
  const cut = (text: string): string => text.split(/\nparams|params:/)[0]?.trimEnd() ?? '';
  const cause = (err as { cause?: unknown }).cause;
  const causeCode =
    (cause as { code?: unknown } | undefined)?.code ?? (err as { code?: unknown }).code;
  return {
    type: err.name,
    message: cut(err.message),
    ...(typeof causeCode === 'string' ? { causeCode } : {}),
    // The stack's first line repeats the message: keep only the frames.
    ...(err.stack
      ? { stack: [`${err.name}: ${cut(err.message)}`, ...frames(err.stack)].join('\n') }
      : {}),
  };
}

function frames(stack: string): string[] {
  return stack.split('\n').filter((line) => line.trimStart().startsWith('at '));
}

// By name, not instanceof: under vitest our files and Mercurius load different copies of graphql.
function isGraphQLError(error: Error | undefined): boolean {
  return error instanceof GraphQLError || error?.name === 'GraphQLError';
}

function clientErrorStatus(error: Error | undefined): number | null {
  // Only Fastify's own errors: another library's 4xx (a gateway's answer) is still a server fault.
  const { statusCode, code } = (error ?? {}) as { statusCode?: unknown; code?: unknown };
  const fromFastify = typeof code === 'string' && code.startsWith('FST_');
  return fromFastify && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500
    ? statusCode
    : null;
}

function isRequestError(error: Error | undefined): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && code.startsWith('MER_ERR_GQL');
}
