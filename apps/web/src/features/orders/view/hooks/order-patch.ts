/** What the order view sends in patchOrder's input (spec doc 3 §7 patchServiceRequest). */
export type PatchInput = {
  addressLineOne?: string;
  addressLineTwo?: string;
  addressLineThree?: string;
  addressCity?: string;
  serviceRequestInitiatedFor?: string;
  note?: string;
  heartbeatLinkSeen?: boolean;
  timeStampKey?: string;
  documentReferenceIds?: string[];
};

/**
 * One append to the order (a note, an attached photo) and how it was sent: a retry after no answer
 * sends the same key and version (the server answers the first result again, nothing twice).
 */
export type AppendAttempt = { key: string; expectedVersion: number };

/** A fresh idempotency key. */
export function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}
