/** The idempotency key of one submit, and the input it was made for (docs/api-contract.md). */
export type SubmitKey = { key: string; input: string };

/**
 * The key for a submit: the previous key when this submit retries the same input (the last one
 * failed, perhaps after the server saved it), a new key otherwise.
 * @param previous - the key of the last submit that did not succeed, or null
 * @param input - what is being submitted (compared as JSON)
 * @param newKey - makes a fresh key
 */
export function keyForSubmit(previous: SubmitKey | null, input: unknown, newKey: () => string): SubmitKey {
  const serialised = JSON.stringify(input);
  return previous !== null && previous.input === serialised ? previous : { key: newKey(), input: serialised };
}
