import type { TenantPublicConfig } from '@careline/domain/tenant';

// `{ tenantConfig }`, `query { tenantConfig }` or `query Name { tenantConfig }` and nothing else:
// comments, commas, directives, aliases or more fields take Mercurius's own way.
const TENANT_CONFIG_ONLY = /^\s*(?:query(?:\s+([_A-Za-z][_0-9A-Za-z]*))?\s*)?\{\s*tenantConfig\s*\}\s*$/;
const SENT_KEYS = new Set(['query', 'operationName', 'variables']);

// The answer's JSON per config object. A config is never changed in place: a registry (re)built makes
// new config objects, so a changed tenant is serialised afresh, and an object no tenant holds is let go.
const answers = new WeakMap<TenantPublicConfig, string>();

/**
 * Whether a GraphQL request asks for the tenant's public config alone, in a document that always
 * validates and executes to exactly `{ data: { tenantConfig } }`: operationName absent or the
 * document's own name, no variables (or an empty set), nothing else in the body.
 * @param sent - the request body (POST) or query string (GET), as Fastify parsed it
 */
export function asksTenantConfigOnly(sent: unknown): boolean {
  if (typeof sent !== 'object' || sent === null || Array.isArray(sent)) {
    return false;
  }
  const body = sent as Record<string, unknown>;
  for (const key in body) {
    if (!SENT_KEYS.has(key)) {
      return false;
    }
  }
  const { query, operationName, variables } = body;
  if (typeof query !== 'string' || query.length > 200) {
    return false;
  }
  if (variables !== undefined && variables !== null && !(typeof variables === 'object' && Object.keys(variables).length === 0)) {
    return false;
  }
  const match = TENANT_CONFIG_ONLY.exec(query);
  if (!match) {
    return false;
  }
  return operationName === undefined || operationName === null || operationName === match[1];
}

/**
 * The GraphQL answer to `{ tenantConfig }` for a tenant, as the JSON text Mercurius would send,
 * serialised once per config (the 3 KB config was about a tenth of the server's CPU per request,
 * issue 33 §5).
 * @param config - the tenant's public config
 */
export function tenantConfigAnswer(config: TenantPublicConfig): string {
  let answer = answers.get(config);
  if (answer === undefined) {
    answer = `{"data":{"tenantConfig":${JSON.stringify(config)}}}`;
    answers.set(config, answer);
  }
  return answer;
}
