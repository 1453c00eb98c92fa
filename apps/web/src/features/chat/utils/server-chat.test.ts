// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChatPacing } from '../hooks/use-chat-pacing.ts';
import { chatReducer, initialChatState, type ChatMessage, type ChatMessageDraft } from './chat-flow.ts';
import { serverChatElementId, takeServerChat } from './server-chat.ts';

// issue 33 §1: the welcome a server-written /chat-home showed is taken over as shown.
const welcome: ChatMessageDraft[] = [
  { author: 'assistant', text: 'Good morning', tone: 'normal' },
  { author: 'assistant', text: 'Here are your upcoming appointments.', tone: 'normal' },
  {
    author: 'assistant',
    text: '',
    tone: 'normal',
    appointments: [
      { id: 'a1', href: '/view/appointment?sessionId=s1&appointmentId=a1', doctorName: 'Dr. A', patientDisplayName: null, organizationName: 'C', when: null, tokenNo: 3 },
    ],
  },
  { author: 'assistant', text: 'How can I help you today?', tone: 'normal' },
];
const card = welcome[2]?.appointments?.[0];

function page(lines: unknown): void {
  document.body.innerHTML = `<div id="root"><script id="${serverChatElementId}" type="application/json">${JSON.stringify(lines)}</script></div>`;
}

describe('takeServerChat', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('reads the lines once and takes the block off the page', () => {
    page(welcome);
    expect(takeServerChat()).toEqual(welcome);
    expect(document.getElementById(serverChatElementId)).toBeNull();
    expect(takeServerChat()).toBeNull();
  });

  it.each([
    ['no lines', []],
    ['a patient line', [{ author: 'patient', text: 'hi', tone: 'normal' }]],
    ['a card linking off the app', [{ ...welcome[2], appointments: [{ ...card, href: 'https://evil.example/' }] }]],
    ['not JSON', '{'],
  ])('reads nothing from %s', (_name, lines) => {
    if (typeof lines === 'string') {
      document.body.innerHTML = `<script id="${serverChatElementId}" type="application/json">${lines}</script>`;
    } else {
      page(lines);
    }
    expect(takeServerChat()).toBeNull();
  });
});

describe("the chat's takeover of the server's welcome", () => {
  const kept: ChatMessage[] = [
    { id: 1, author: 'patient', text: 'Book a Doctor', tone: 'normal', flow: 2 },
    { id: 2, author: 'assistant', text: 'Your appointment is booked.', tone: 'normal', flow: 2, role: 'finish' },
  ];

  it('is at the menu with the kept lines, then the welcome, all shown, the welcome the next flow', () => {
    const state = chatReducer(initialChatState, { type: 'shownByServer', kept, welcome });
    expect(state.step).toBe('menu');
    expect(state.shownSeq).toBe(state.stepSeq);
    expect(state.messages.map((message) => [message.id, message.text, message.flow, message.restored])).toEqual([
      [1, 'Book a Doctor', 2, true],
      [2, 'Your appointment is booked.', 2, true],
      [3, 'Good morning', 3, true],
      [4, 'Here are your upcoming appointments.', 3, true],
      [5, '', 3, true],
      [6, 'How can I help you today?', 3, true],
    ]);
    expect(chatReducer(initialChatState, { type: 'shownByServer', kept: [], welcome }).messages[0]?.flow).toBe(0);
  });

  it('shows the buttons at once, without typing again; the next step is paced as ever', () => {
    vi.useFakeTimers();
    try {
      const state = chatReducer(initialChatState, { type: 'shownByServer', kept: [], welcome });
      const { result, rerender } = renderHook(({ messages, seq, shown }) => useChatPacing(messages, seq, shown), {
        initialProps: { messages: state.messages, seq: state.stepSeq, shown: state.shownSeq },
      });
      expect(result.current).toEqual({ shownCount: 4, typing: false, buttonsReady: true });
      const next = chatReducer(state, { type: 'menuReply', choice: 'What is my upcoming', reply: "I couldn't find any sessions" });
      rerender({ messages: next.messages, seq: next.stepSeq, shown: next.shownSeq });
      expect(result.current.buttonsReady).toBe(false);
      for (let step = 0; step < 3; step += 1) {
        act(() => {
          vi.advanceTimersByTime(1000);
        });
      }
      expect(result.current.buttonsReady).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
