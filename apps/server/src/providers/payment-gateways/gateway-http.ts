import { gatewayCalls } from '../../metrics/metrics.ts';
import type { HttpRequester } from './gateway.ts';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid';
  }
}

/** What the requester needs of the server to answer relative URLs in-process (Fastify's inject). */
export type LocalServer = {
  inject: (options: {
    method: string;
    url: string;
    headers: Record<string, string>;
    payload?: string;
  }) => PromiseLike<{ statusCode: number; body: string }>;
};

/** A requester that can be bound, once the server exists, to serve relative URLs itself. */
export type GatewayHttp = HttpRequester & {
  /** Serves relative URLs through this server from now on (buildApp binds the app it builds). */
  bindLocal: (server: LocalServer) => void;
};

/**
 * The gateway HTTP client of the providers: a relative URL goes in-process to this server (the
 * sandbox gateway), an absolute one through fetch, aborted after timeoutMs. A relative URL before
 * bindLocal is an error (no server to answer it).
 * @param options - timeoutMs for network requests; fetch to use instead of the global one (tests)
 */
export function createGatewayHttp(options: {
  timeoutMs: number;
  fetch?: typeof fetch;
}): GatewayHttp {
  let local: LocalServer | null = null;
  const counted: HttpRequester = async (url, init) => {
    const gateway = url.startsWith('/') && !url.startsWith('//') ? 'local' : hostOf(url);
    try {
      const answer = await requester(url, init);
      gatewayCalls.inc({ gateway, outcome: `${Math.floor(answer.status / 100)}xx` });
      return answer;
    } catch (error) {
      gatewayCalls.inc({ gateway, outcome: 'error' });
      throw error;
    }
  };
  const requester = async (
    url: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; body: string }> => {
    if (url.startsWith('/') && !url.startsWith('//')) {
      if (!local) {
        throw new Error(`gateway request to ${url}: no local server bound`);
      }
      const answer = await local.inject({
        method: init.method,
        url,
        headers: init.headers,
        ...(init.body !== undefined ? { payload: init.body } : {}),
      });
      return { status: answer.statusCode, body: answer.body };
    }
    if (!/^https?:\/\//i.test(url)) {
      throw new Error('gateway request: the URL must be absolute http(s) or a local path');
    }
    // fetch sets Host from the URL itself (and refuses to be told another).
    const headers = Object.fromEntries(
      Object.entries(init.headers).filter(([name]) => name.toLowerCase() !== 'host'),
    );
    const response = await (options.fetch ?? fetch)(url, {
      method: init.method,
      headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    return { status: response.status, body: await response.text() };
  };
  return Object.assign(counted, {
    bindLocal: (server: LocalServer) => {
      local = server;
    },
  });
}
