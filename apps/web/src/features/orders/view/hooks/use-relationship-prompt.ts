import { useEffect, useRef, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { shouldPromptRelationship } from '@careline/domain/orders';
import type { OrderViewData } from '../order-view-documents.ts';
import { relationshipPromptDelay } from '../order-view-model.ts';
import type { OrderFirstLook } from './use-order-first-look.ts';

/** What the creation screen may pass in the navigation state: the order was just created. */
export type OrderViewNavigationState = { orderCreated?: boolean } | null;

/** The relationship prompt: whether it shows, and how it goes away. */
export type RelationshipPrompt = { open: boolean; close: () => void };

/**
 * spec doc 3 §2, §9: the relationship prompt 5000 ms after creation when the profile has none.
 * Decided once, on the first answer: the order object is replaced by every refetch (this visit's own
 * stamps, live updates), so the timer lives in a ref and only leaving the screen clears it.
 * @param args - the order, its profile, the screen's redirect and the first look
 */
export function useRelationshipPrompt({
  order,
  patient,
  redirect,
  firstLook,
}: {
  order: OrderViewData | null;
  /** The order's profile, when it is one of the account's. */
  patient: { relationship?: string | null } | null;
  redirect: string | null;
  firstLook: RefObject<OrderFirstLook | null>;
}): RelationshipPrompt {
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const decided = useRef(false);
  const timer = useRef<number | null>(null);
  useEffect(() => {
    if (!order || !patient || redirect !== null || decided.current || !firstLook.current) {
      return;
    }
    decided.current = true;
    if (!shouldPromptRelationship(patient.relationship)) {
      return;
    }
    const delay = relationshipPromptDelay({
      createdNow: (location.state as OrderViewNavigationState)?.orderCreated === true,
      createdTime: order.createdTime,
      heartbeatLinkSeen: firstLook.current.linkSeen,
      now: Date.now(),
    });
    if (delay !== null) {
      timer.current = window.setTimeout(() => setOpen(true), delay);
    }
  }, [order, patient, redirect, location.state, firstLook]);
  useEffect(
    () => () => {
      if (timer.current !== null) {
        window.clearTimeout(timer.current);
        timer.current = null;
      }
      // A remount (StrictMode's check in development) decides again, with the time then left.
      decided.current = false;
    },
    [],
  );
  return { open, close: () => setOpen(false) };
}
