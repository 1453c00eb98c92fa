import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { contentSecurityPolicy, tenantOrigins } from '../../http/security-headers.ts';
import { createTenantRegistry } from '../tenants/index.ts';
import { isAllowedStepUp } from './saved-cards.service.ts';

// A 3-D Secure step-up is a form the browser posts to the bank's page: the page's CSP form-action
// must list that page's origin, and a step-up anywhere else is refused.
describe('3-D Secure step-up origins', () => {
  const cardinal = ['https://centinelapi.cardinalcommerce.com', 'https://centinelapistag.cardinalcommerce.com'];

  it("allows our own sandbox's step-up and the tenant's listed origins only", () => {
    expect(isAllowedStepUp('/sandbox/cybersource/cardinal/step-up', cardinal)).toBe(true);
    expect(isAllowedStepUp('https://centinelapi.cardinalcommerce.com/V2/Cruise/StepUp', cardinal)).toBe(true);
    expect(isAllowedStepUp('https://evil.example/V2/Cruise/StepUp', cardinal)).toBe(false);
    expect(isAllowedStepUp('http://centinelapi.cardinalcommerce.com/V2/Cruise/StepUp', cardinal)).toBe(false);
    expect(isAllowedStepUp('//evil.example/step-up', cardinal)).toBe(false);
    expect(isAllowedStepUp('/\\evil.example/step-up', cardinal)).toBe(false);
    expect(isAllowedStepUp('javascript:alert(1)', cardinal)).toBe(false);
  });

  it("lists every tenant's step-up origins in the CSP form-action", () => {
    const tenants = createTenantRegistry(loadEnv({ NODE_ENV: 'test' }));
    const origins = tenantOrigins(tenants);
    expect(origins.forms).toEqual(expect.arrayContaining(cardinal));
    const formAction = contentSecurityPolicy({ production: false, ...origins })['form-action'];
    expect(formAction).toEqual(expect.arrayContaining(["'self'", ...cardinal]));
  });

  it('refuses a step-up origin that is not https', () => {
    const override = { id: 'plain', gateways: { cyberSource: { stepUpOrigins: ['http://bank.example'] } } };
    expect(() => createTenantRegistry(loadEnv({ NODE_ENV: 'test' }), [override])).toThrow(/stepUpOrigins/);
  });
});
