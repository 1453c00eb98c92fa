import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { createTenantRegistry } from './tenants.registry.ts';

// Issue 32 §1.1, §1.4: each tenant's reminder time, quiet hours and late minutes, validated at start.
describe('the session notices in the tenant configuration', () => {
  const env = loadEnv({ NODE_ENV: 'test' });

  it('defaults to 18:00, quiet 21:00–07:00 and 15 minutes; a tenant overrides what differs', () => {
    const [plain, evening] = createTenantRegistry(env, [
      { id: 'plain' },
      { id: 'evening', appointmentNotices: { reminderTime: '19:30', quietHours: { end: '06:30' } } },
    ]).all();
    expect(plain?.appointmentNotices).toEqual({ reminderTime: '18:00', quietHours: { start: '21:00', end: '07:00' }, lateAfterMinutes: 15 });
    expect(evening?.appointmentNotices).toEqual({ reminderTime: '19:30', quietHours: { start: '21:00', end: '06:30' }, lateAfterMinutes: 15 });
  });

  it('stops the start naming every bad setting', () => {
    const build = () =>
      createTenantRegistry(env, [
        { id: 'bad', appointmentNotices: { reminderTime: '22:15', lateAfterMinutes: 0 } },
        { id: 'typo', appointmentNotices: { reminderTime: 18 } },
        { id: 'unknown', appointmentNotices: { remindAt: '18:00' } },
      ]);
    expect(build).toThrow('tenants[bad].appointmentNotices.reminderTime: must be outside the quiet hours');
    expect(build).toThrow('tenants[bad].appointmentNotices.lateAfterMinutes: must be a whole number from 5 to 120');
    expect(build).toThrow('tenants[typo].appointmentNotices.reminderTime');
    expect(build).toThrow('tenants[unknown].appointmentNotices');
  });
});
