import { baseTenantConfig } from '@careline/domain/tenant';
import { describe, expect, it } from 'vitest';
import { asksTenantConfigOnly, tenantConfigAnswer } from './tenants.config-answer.ts';

describe('the tenantConfig answer from the serialised config (issue 33 §5)', () => {
  it.each([
    [{ query: '{ tenantConfig }' }],
    [{ query: '{tenantConfig}' }],
    [{ query: '  query {\n  tenantConfig\n}\n' }],
    [{ query: 'query tenantConfig {\n  tenantConfig\n}', operationName: 'tenantConfig' }],
    [{ query: 'query Boot { tenantConfig }' }],
    [{ query: '{ tenantConfig }', operationName: null, variables: null }],
    [{ query: '{ tenantConfig }', variables: {} }],
  ])('takes %j', (sent) => {
    expect(asksTenantConfigOnly(sent)).toBe(true);
  });

  it.each([
    [null],
    ['{ tenantConfig }'],
    [[{ query: '{ tenantConfig }' }]],
    [{ query: 42 }],
    [{ query: '{ tenantConfig __typename }' }],
    [{ query: '{ config: tenantConfig }' }],
    [{ query: '{ tenantConfig, }' }],
    [{ query: '# boot\n{ tenantConfig }' }],
    [{ query: '{ tenantConfig @skip(if: true) }' }],
    [{ query: 'mutation { tenantConfig }' }],
    [{ query: 'subscription { tenantConfig }' }],
    [{ query: 'queryBoot { tenantConfig }' }],
    [{ query: 'query ($a: Int) { tenantConfig }' }],
    [{ query: '{ tenantConfig }', variables: { a: 1 } }],
    [{ query: '{ tenantConfig }', variables: '{}' }],
    [{ query: '{ tenantConfig }', operationName: 'Other' }],
    [{ query: 'query Boot { tenantConfig }', operationName: 'Other' }],
    [{ query: '{ tenantConfig }', operationName: '' }],
    [{ query: '{ tenantConfig }', extensions: { persistedQuery: {} } }],
  ])('leaves %j to Mercurius', (sent) => {
    expect(asksTenantConfigOnly(sent)).toBe(false);
  });

  it('is the GraphQL answer, made once per config object and afresh for another', () => {
    const config = structuredClone(baseTenantConfig);
    const answer = tenantConfigAnswer(config);
    expect(JSON.parse(answer)).toEqual({ data: { tenantConfig: config } });
    expect(tenantConfigAnswer(config)).toBe(answer);
    const renamed = structuredClone(config);
    renamed.branding.hospitalName = 'Renamed Hospital';
    expect(JSON.parse(tenantConfigAnswer(renamed))).toEqual({ data: { tenantConfig: renamed } });
  });
});
