import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoTenants } from '../src/modules/tenants/tenants.demo.ts';

/**
 * Env overrides that let createTestApp start with NODE_ENV=production: an APP_SECRET and a
 * tenants file with the gateway secrets production requires (the demo tenants, made-up keys) and
 * the SMS outbox.
 */
export function productionEnv(): Record<string, string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-prod-tenants-'));
  const file = path.join(dir, 'tenants.json');
  const tenants = demoTenants.map((tenant) => ({
    ...tenant,
    gateways: {
      cyberSource: { secretKey: 'test-cybersource-secret' },
      genie: { apiKey: 'test-genie-key', secretKey: 'test-genie-secret' },
    },
  }));
  fs.writeFileSync(file, JSON.stringify(tenants));
  return {
    NODE_ENV: 'production',
    APP_SECRET: 'p'.repeat(48),
    TENANTS_FILE: file,
    // No real SMS provider here: the outbox, explicitly allowed.
    SMS_PROVIDER: 'outbox',
    SMS_ALLOW_OUTBOX_IN_PRODUCTION: 'true',
  };
}
