import { describe, expect, it } from 'vitest';
import {
  CHAT_ORDER_CATEGORY,
  CHAT_VISIT_TIMES,
  chatVisitRequestedTime,
  CHAT_ORDER_SERVICES,
  chatInitiatedFor,
  chatOrderBlock,
  isChatOrderService,
  type ChatOrderDraft,
} from './chat-orders.ts';
import { CHAT_SERVICES, emptyChatFlowContext, type ChatFlowContext } from './conditions.ts';
import { chooseInChat, enterChat } from './flow.ts';
import { demoTenantFeatures } from './test-fixtures.ts';

const HOME = { addressLineOne: '12 Galle Road', addressLineTwo: '', addressLineThree: '', addressCity: 'Colombo' };
const NONE = { addressLineOne: ' ', addressLineTwo: '', addressLineThree: '', addressCity: '' };
const ready: ChatOrderDraft = {
  organizationId: 'org-1',
  documentIds: ['doc-1'],
  uploading: false,
  deliveryMode: 'home-delivery',
  address: HOME,
  patientId: 'p-1',
};

describe('the order services of the chat (issue 12 §2; spec doc 1 §4; doc 3 §3, §5)', () => {
  it('are lab (examination), medication and procedure, each with its order category', () => {
    expect(CHAT_SERVICES.filter(isChatOrderService).sort()).toEqual([...CHAT_ORDER_SERVICES].sort());
    expect(isChatOrderService(null)).toBe(false);
    expect(isChatOrderService('consultation')).toBe(false);
    expect(CHAT_ORDER_CATEGORY).toEqual({ medication: 'Medication', examination: 'Examination', procedure: 'Procedure' });
  });

  it('sends home delivery as homecare and a hospital pick-up as appointment (doc 3 §4)', () => {
    expect(chatInitiatedFor('home-delivery')).toBe('homecare');
    expect(chatInitiatedFor('hospital-pickup')).toBe('appointment');
  });

  it.each([
    ['uploading', { uploading: true }],
    ['no-documents', { documentIds: [] }],
    ['no-delivery-mode', { deliveryMode: null }],
    ['no-address', { address: NONE }],
    ['no-hospital', { organizationId: null }],
    ['no-profile', { patientId: null }],
  ] as const)('refuses to confirm: %s', (block, change) => {
    expect(chatOrderBlock({ ...ready, ...change })).toBe(block);
  });

  it('confirms a complete order, and a hospital pick-up needs no address', () => {
    expect(chatOrderBlock(ready)).toBeNull();
    expect(chatOrderBlock({ ...ready, deliveryMode: 'hospital-pickup', address: NONE })).toBeNull();
  });
});

describe('ordering medicine through the step graph (issue 12 §2)', () => {
  const features = demoTenantFeatures['careline-demo'];
  const signedIn: ChatFlowContext = { ...emptyChatFlowContext, signedIn: true, hasProfiles: true };
  const step = (landing: ReturnType<typeof chooseInChat>) => (landing?.kind === 'step' ? landing.step : null);

  it('suggests the recent hospital for lab, medication and procedure, else asks (spec doc 1 §4)', () => {
    for (const [service, suggest] of [
      ['medication', 'suggest-recent-organization-medication'],
      ['examination', 'suggest-recent-organization-lab'],
      ['procedure', 'suggest-recent-organization-procedure'],
    ] as const) {
      expect(step(enterChat('restart', { ...signedIn, service, hasRecentOrganization: true }, features))).toBe(suggest);
      expect(step(enterChat('restart', { ...signedIn, service }, features))).toBe('organization-picker');
    }
  });

  it('walks upload, more-upload, delivery mode and address to the confirmation, then back to the upcoming check', () => {
    const context: ChatFlowContext = { ...signedIn, service: 'medication' };
    expect(step(chooseInChat('organization-picker', 'pick-organization', context, features))).toBe('prescription-upload');
    expect(step(chooseInChat('prescription-upload', 'uploaded', context, features))).toBe('more-upload-prompt');
    expect(step(chooseInChat('more-upload-prompt', 'yes', context, features))).toBe('prescription-upload');
    expect(step(chooseInChat('more-upload-prompt', 'no', context, features))).toBe('delivery-mode');
    expect(step(chooseInChat('delivery-mode', 'home-delivery', context, features))).toBe('delivery-address');
    expect(step(chooseInChat('delivery-mode', 'hospital-pickup', context, features))).toBe('order-confirmation');
    expect(step(chooseInChat('delivery-address', 'confirm-address', context, features))).toBe('order-confirmation');
    const created = chooseInChat('order-confirmation', 'order-created', { ...context, hasUpcomingEvents: true }, features);
    expect(created?.kind === 'step' ? created.passed : []).toEqual(['upcoming-check', 'upcoming-events', 'service-type-menu']);
    expect(created !== null && created.kind !== 'off' ? created.say.map((line) => line.text) : []).toEqual([
      'requestSent',
      'upcomingEvents',
      'menu',
    ]);
    const failed = chooseInChat('order-confirmation', 'order-failed', context, features);
    expect(step(failed)).toBe('order-confirmation');
    expect(failed !== null && failed.kind !== 'off' ? failed.say : []).toEqual([{ text: 'unableToCreateOrder', kind: 'event' }]);
  });

  it('offers no Online Pharmacy where medicationOrder is off (first-tenant)', () => {
    const lakeside = demoTenantFeatures['first-tenant'];
    expect(chooseInChat('service-type-menu', 'online-pharmacy', signedIn, lakeside)).toBeNull();
    expect(step(enterChat('restart', { ...signedIn, service: 'medication' }, lakeside))).toBe('service-type-menu');
  });
});

describe('a home visit’s requested time (issue 12 §2 home-visit time; doc 3 §3 homeVisitRequestedTime)', () => {
  it('is the date and time of day in the hospital’s time zone, with its offset', () => {
    expect(CHAT_VISIT_TIMES).toEqual(['09:00', '11:00', '14:00', '16:00']);
    expect(chatVisitRequestedTime('2030-03-04', '14:00', 'Asia/Colombo')).toBe('2030-03-04T14:00:00+05:30');
    expect(chatVisitRequestedTime('2030-07-01', '09:00', 'Europe/London')).toBe('2030-07-01T09:00:00+01:00');
    expect(chatVisitRequestedTime('2030-01-15', '16:00', 'America/New_York')).toBe('2030-01-15T16:00:00-05:00');
  });
});
