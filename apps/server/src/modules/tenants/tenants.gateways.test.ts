import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { tenantOrigins } from '../../http/security-headers.ts';
import { allGatewaySettings, gatewaysFor } from './tenants.gateways.ts';
import { createTenantRegistry } from './tenants.registry.ts';

// issue 9 §2: gateway keys, profile ids and URLs per hospital, in the server-side tenant settings.
describe('gateway settings per hospital', () => {
  const env = loadEnv({ NODE_ENV: 'test' });
  const hospital = '5b0c4a4e-2f7e-4d38-9a51-0c2f1e7f3a10';
  const other = '0e6a1d55-9a0b-4c3f-8f5e-7d2b6c1a9e21';
  const override = {
    id: 'group',
    gateways: { genie: { apiKey: 'tenant-genie-key' } },
    hospitalGateways: {
      [hospital]: {
        cyberSource: {
          profileId: 'kandy-profile',
          formUrl: 'https://secureacceptance.example/silent/pay',
          stepUpOrigins: ['https://stepup.example/'],
        },
      },
    },
  };

  it("deep-merges a hospital's override onto the tenant's settings; others use the tenant's", () => {
    const [tenant] = createTenantRegistry(env, [override]).all();
    if (!tenant) {
      throw new Error('no tenant');
    }
    const own = gatewaysFor(tenant, hospital);
    expect(own.cyberSource).toMatchObject({ profileId: 'kandy-profile', accessKey: tenant.gateways.cyberSource.accessKey });
    expect(own.cyberSource.stepUpOrigins).toEqual(['https://stepup.example']);
    expect(own.genie.apiKey).toBe('tenant-genie-key');
    expect(gatewaysFor(tenant, other)).toBe(tenant.gateways);
    expect(gatewaysFor(tenant, null)).toBe(tenant.gateways);
    expect(allGatewaySettings(tenant)).toHaveLength(2);
  });

  it("lists every hospital's form and step-up origins in the CSP form-action", () => {
    const { forms } = tenantOrigins(createTenantRegistry(env, [override]));
    expect(forms).toEqual(
      expect.arrayContaining(['https://secureacceptance.example', 'https://stepup.example', 'https://centinelapi.cardinalcommerce.com']),
    );
  });

  it('refuses a key that is not a hospital id and a bad hospital setting, naming them', () => {
    expect(() => createTenantRegistry(env, [{ id: 'group', hospitalGateways: { kandy: {} } }])).toThrow(/hospitalGateways/);
    const bad = { id: 'group', hospitalGateways: { [hospital]: { cyberSource: { stepUpOrigins: ['http://bank.example'] } } } };
    expect(() => createTenantRegistry(env, [bad])).toThrow(`tenants[group].hospitalGateways.${hospital}.cyberSource.stepUpOrigins`);
    const unknown = { id: 'group', hospitalGateways: { [hospital]: { cyberSource: { profile: 'typo' } } } };
    expect(() => createTenantRegistry(env, [unknown])).toThrow(/hospitalGateways/);
  });
});
