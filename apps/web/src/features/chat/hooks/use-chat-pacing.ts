import { useEffect, useState } from 'react';
import type { ChatMessage } from '../utils/chat-flow.ts';

/** spec doc 1 §9: typing indicator at 300 ms, assistant replies after about 1 s, buttons after about 1 s. */
export const TYPING_INDICATOR_MS = 300;
export const ASSISTANT_REPLY_MS = 1000;
export const BUTTONS_AFTER_MS = 1000;

export type ChatPacing = {
  /** How many messages are shown; the rest are still being "typed". */
  shownCount: number;
  typing: boolean;
  /** Whether the current step's buttons may show. */
  buttonsReady: boolean;
};

/**
 * Paces the chat like a person typing: each assistant message shows after about 1 s, with a typing
 * indicator from 300 ms; patient messages and event notices show at once; a step's buttons follow
 * about 1 s after its messages.
 * @param messages - every message of the flow
 * @param stepSeq - changes whenever a step is entered
 * @param shownSeq - the step entry the server's page already showed with its buttons (issue 33 §1):
 *   its buttons show at once
 */
export function useChatPacing(messages: ChatMessage[], stepSeq: number, shownSeq: number | null = null): ChatPacing {
  const [shownCount, setShownCount] = useState(0);
  const [typing, setTyping] = useState(false);
  const [buttonsFor, setButtonsFor] = useState<number | null>(null);
  const next = messages[shownCount];
  const allShown = shownCount >= messages.length;

  useEffect(() => {
    if (!next) {
      return undefined;
    }
    // Patient messages, event notices and a conversation read back after a reload show at once.
    if (next.author !== 'assistant' || next.restored === true) {
      setShownCount((count) => count + 1);
      return undefined;
    }
    const typingTimer = window.setTimeout(() => setTyping(true), TYPING_INDICATOR_MS);
    const replyTimer = window.setTimeout(() => {
      setTyping(false);
      setShownCount((count) => count + 1);
    }, ASSISTANT_REPLY_MS);
    return () => {
      window.clearTimeout(typingTimer);
      window.clearTimeout(replyTimer);
    };
  }, [next]);

  useEffect(() => {
    if (!allShown) {
      return undefined;
    }
    const timer = window.setTimeout(() => setButtonsFor(stepSeq), BUTTONS_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [allShown, stepSeq]);

  return {
    shownCount: Math.min(shownCount, messages.length),
    typing,
    buttonsReady: allShown && (buttonsFor === stepSeq || shownSeq === stepSeq),
  };
}
