/** The idempotency key of one tap on Pay and the request it was for (docs/api-contract.md Retried writes). */
export type PayKey = { key: string; request: string };

/**
 * The key for a tap on Pay: the last failed tap's key when it asked for the very same thing (the
 * server may have made the booking request before the answer was lost, so a retry must not make a
 * second one), a new key otherwise. A tap that succeeded leaves the page, so its key is never reused.
 * @param previous - the key of the last tap that did not succeed, or null
 * @param request - what the tap asks for, e.g. the invoice id and whether the card is saved
 * @param newKey - makes a fresh key
 */
export function payKeyFor(
  previous: PayKey | null,
  request: readonly unknown[],
  newKey: () => string,
): PayKey {
  const serialised = JSON.stringify(request);
  return previous !== null && previous.request === serialised
    ? previous
    : { key: newKey(), request: serialised };
}

/** A fresh random key (UUID v4 where the browser has it). */
export function newPayKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, '0'),
      ).join('');
}
