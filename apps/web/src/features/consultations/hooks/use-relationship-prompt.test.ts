// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { RELATIONSHIP_PROMPT_MS, useRelationshipPrompt } from './use-relationship-prompt.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe("the relationship modal's prompt (spec doc 2 §2, §9: 'Select the relationship' after 5 s)", () => {
  it('is due 5 s after the modal opened without a choice, and goes when it closes', () => {
    vi.useFakeTimers();
    expect(RELATIONSHIP_PROMPT_MS).toBe(5000);
    const { result, rerender } = renderHook(({ open }) => useRelationshipPrompt(open), { initialProps: { open: true } });
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(false);
  });
});
