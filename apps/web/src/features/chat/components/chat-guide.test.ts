import { describe, expect, it } from 'vitest';
import { CHAT_STEPS } from '@careline/domain/chat-flow';
import { guidedSteps } from './chat-guide.tsx';

describe('the guided chat parts (issue 12 §2)', () => {
  it('answer each guided step once, and only steps of the graph that show a widget', () => {
    const answered = guidedSteps();
    expect(new Set(answered).size).toBe(answered.length);
    expect([...answered].sort()).toEqual(
      [
        'search-actions',
        'recent-doctor',
        'doctor-by-name',
        'specialty',
        'recent-organization',
        'organization-picker',
        'session-list',
        'consultation-booking',
        'suggest-recent-organization-medication',
        'suggest-recent-organization-lab',
        'lab-test-selection',
        'sample-collection-address',
        'sample-collection-time',
        'suggest-recent-organization-procedure',
        'home-visit-time',
        'procedure-code',
        'procedure-confirmation',
        'prescription-upload',
        'more-upload-prompt',
        'delivery-mode',
        'delivery-address',
        'order-confirmation',
      ].sort(),
    );
    for (const step of answered) {
      expect(CHAT_STEPS[step].widget, step).not.toBeNull();
    }
  });
});
