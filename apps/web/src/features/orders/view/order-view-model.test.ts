import { describe, expect, it } from 'vitest';
import {
  VIEW_SPEC_TEXTS,
  clockTime,
  dayLabel,
  longDateTime,
  orderDetailItems,
  orderTextKey,
  relationshipPromptDelay,
  unreadReplies,
} from './order-view-model.ts';

describe('order view model', () => {
  it('finds the catalogue key of a spec text', () => {
    expect(VIEW_SPEC_TEXTS).toContain('completed');
    expect(orderTextKey('Sample Collection Address')).toBe('orders.view.text.sampleCollectionAddress');
    expect(orderTextKey('Something else')).toBeNull();
  });

  it('counts hospital notes newer than the last look as unread (issue 10 Build 7)', () => {
    const notes = [
      { authorReference: 'Patient/p-1', time: '2026-11-21T09:00:00Z' },
      { authorReference: 'User/u-1', time: '2026-11-21T08:00:00Z' },
      { authorReference: 'User/u-1', time: '2026-11-20T08:00:00Z' },
    ];
    expect(unreadReplies(notes, '2026-11-20T12:00:00Z')).toBe(1);
    expect(unreadReplies(notes, null)).toBe(2);
    expect(unreadReplies(notes, '2026-11-22T00:00:00Z')).toBe(0);
  });

  it('prompts 5000 ms after creation for a fresh or just-created order only (spec doc 3 §2, §9)', () => {
    const created = '2026-11-24T08:00:00.000Z';
    const at = (ms: number) => Date.parse(created) + ms;
    expect(relationshipPromptDelay({ createdNow: false, createdTime: created, heartbeatLinkSeen: false, now: at(1000) })).toBe(4000);
    expect(relationshipPromptDelay({ createdNow: false, createdTime: created, heartbeatLinkSeen: false, now: at(9000) })).toBe(0);
    expect(relationshipPromptDelay({ createdNow: false, createdTime: created, heartbeatLinkSeen: true, now: at(1000) })).toBeNull();
    expect(relationshipPromptDelay({ createdNow: false, createdTime: created, heartbeatLinkSeen: false, now: at(10 * 60_000) })).toBeNull();
    expect(relationshipPromptDelay({ createdNow: true, createdTime: created, heartbeatLinkSeen: true, now: at(2000) })).toBe(3000);
  });

  it("formats 'hh:mm A' and 'Do,(ddd) MMM YYYY hh:mm A' in hospital time, whatever the phone's zone", () => {
    // 03:35 and 19:00 UTC are 09:05 and 00:30 (the next day) in Sri Lanka (UTC+05:30).
    const morning = '2026-11-24T03:35:00.000Z';
    const midnight = '2026-10-31T19:00:00.000Z';
    expect(clockTime(morning)).toBe('09:05 AM');
    expect(clockTime(midnight)).toBe('12:30 AM');
    expect(longDateTime(morning)).toBe('24th,(Tue) Nov 2026 09:05 AM');
    expect(longDateTime(midnight)).toBe('1st,(Sun) Nov 2026 12:30 AM');
    expect(dayLabel(midnight)).toBe('Sun, 1 Nov 2026');
    expect(longDateTime(null)).toBeNull();
    // Another zone only when asked for.
    expect(clockTime(morning, 'en', 'UTC')).toBe('03:35 AM');
  });

  it('reads the tests or procedures of orderDetail', () => {
    expect(orderDetailItems({ coding: [{ display: 'ECG' }, { display: '' }, {}] })).toEqual(['ECG']);
    expect(orderDetailItems(null)).toEqual([]);
  });
});
