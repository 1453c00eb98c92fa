import { baseTenantConfig, deepMerge, type FeatureFlags } from '../tenant/index.ts';
import { describe, expect, it } from 'vitest';
import { chatMenuButtons } from './chat-menu.ts';

const labels = (features: FeatureFlags, loggedIn: boolean) => chatMenuButtons(features, loggedIn).map((b) => b.label);

describe('chat menu (spec doc 1 §2 Chat assistant)', () => {
  it('shows every service and the logged-in buttons with the base configuration', () => {
    expect(labels(baseTenantConfig.features, true)).toEqual([
      'Book a Doctor',
      'Video Channel',
      'Home Visit',
      'Home Lab Test',
      'Online Pharmacy',
      'Chat With Hospital',
      'What is my upcoming',
      'Show my profile',
      'Show my online payment history',
    ]);
  });

  it('hides the logged-in buttons when not logged in', () => {
    expect(labels(baseTenantConfig.features, false)).not.toContain('Show my profile');
  });

  it('hides a service whose feature is off', () => {
    const features = deepMerge(baseTenantConfig.features, {
      medicationOrder: { enabled: false },
      agentChat: { enabled: false },
    });
    expect(labels(features, true)).not.toContain('Online Pharmacy');
    expect(labels(features, true)).not.toContain('Chat With Hospital');
  });

  it('routes Show my profile and the payment history', () => {
    const buttons = chatMenuButtons(baseTenantConfig.features, true);
    expect(buttons.find((b) => b.label === 'Show my profile')).toMatchObject({ kind: 'route', to: '/profiles' });
    expect(buttons.find((b) => b.label === 'Show my online payment history')).toMatchObject({
      kind: 'route',
      to: '/profiles/my-payment-history',
    });
  });
});

describe('chat menu with the consultations composed in (issue 12 §2)', () => {
  it('runs Book a Doctor and What is my upcoming in the chat', () => {
    const buttons = chatMenuButtons(baseTenantConfig.features, true, true);
    expect(buttons.find((button) => button.label === 'Book a Doctor')).toEqual({ label: 'Book a Doctor', kind: 'flow', on: 'book-a-doctor' });
    expect(buttons.find((button) => button.label === 'What is my upcoming')).toEqual({
      label: 'What is my upcoming',
      kind: 'flow',
      on: 'what-is-my-upcoming',
    });
    expect(chatMenuButtons(baseTenantConfig.features, false, true).some((button) => button.label === 'What is my upcoming')).toBe(false);
  });
});

describe('chat menu with the orders composed in (issue 12 §2)', () => {
  it('runs Online Pharmacy, Home Lab Test and Home Visit in the chat, each only where its feature is on', () => {
    const buttons = chatMenuButtons(baseTenantConfig.features, true, true, true);
    expect(buttons.find((button) => button.label === 'Online Pharmacy')).toEqual({ label: 'Online Pharmacy', kind: 'flow', on: 'online-pharmacy' });
    expect(chatMenuButtons(baseTenantConfig.features, true, true).find((button) => button.label === 'Online Pharmacy')).toMatchObject({ kind: 'route' });
    expect(buttons.find((button) => button.label === 'Home Lab Test')).toEqual({ label: 'Home Lab Test', kind: 'flow', on: 'home-lab-test' });
    expect(buttons.find((button) => button.label === 'Home Visit')).toEqual({ label: 'Home Visit', kind: 'flow', on: 'home-visit' });
    const off = { ...baseTenantConfig.features, medicationOrder: { ...baseTenantConfig.features.medicationOrder, enabled: false } };
    expect(chatMenuButtons(off, true, true, true).some((button) => button.label === 'Online Pharmacy')).toBe(false);
  });
});
