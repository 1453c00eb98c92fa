/** The query parameters that carry a secret: the websocket's and sign-in links' tokens. */
export const secretQueryParams = ['access_token', 'token', 'accessToken'];

const secretParam = new RegExp(`([?&](?:${secretQueryParams.join('|')})=)[^&]*`, 'gi');

/**
 * Strips secrets from a URL before it reaches a log line or a trace span (the token travels in the query).
 * @param url - a request's URL, path and query
 */
export function redactUrl(url: string): string {
  return url.replace(secretParam, '$1[redacted]');
}
