import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { createTenantRegistry } from './tenants.registry.ts';

// The tenant of a Host header is remembered (issue 33 §5); the answer stays the host's own.
describe('the tenant of a request host', () => {
  const env = loadEnv({ NODE_ENV: 'test' });
  const registry = () =>
    createTenantRegistry(env, [
      { id: 'main', default: true, hosts: ['main.example'] },
      { id: 'other', hosts: ['Other.Example'] },
    ]);

  it('matches the host without case or port, else the default tenant, the same asked again', () => {
    const tenants = registry();
    for (let round = 0; round < 2; round++) {
      expect(tenants.resolve('other.example').id).toBe('other');
      expect(tenants.resolve('OTHER.example:8443').id).toBe('other');
      expect(tenants.resolve('main.example').id).toBe('main');
      expect(tenants.resolve('nobody.example').id).toBe('main');
      expect(tenants.resolve(undefined).id).toBe('main');
    }
  });

  it('still answers right after more distinct hosts than it remembers', () => {
    const tenants = registry();
    expect(tenants.resolve('other.example').id).toBe('other');
    for (let i = 0; i < 2500; i++) {
      expect(tenants.resolve(`host-${i}.example`).id).toBe('main');
      if (i % 700 === 0) {
        expect(tenants.resolve('other.example:80').id).toBe('other');
      }
    }
    expect(tenants.resolve('other.example').id).toBe('other');
  });
});
