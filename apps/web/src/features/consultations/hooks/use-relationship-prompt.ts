import { useEffect, useState } from 'react';

/** spec doc 2 §9: the relationship modal times out after 5 s and prompts 'Select the relationship'. */
export const RELATIONSHIP_PROMPT_MS = 5000;

/**
 * True once the relationship modal has been open for 5 s without a choice; false again when it closes.
 * @param open - whether the modal is open
 */
export function useRelationshipPrompt(open: boolean): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (!open) {
      setDue(false);
      return undefined;
    }
    const timer = window.setTimeout(() => setDue(true), RELATIONSHIP_PROMPT_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  return open && due;
}
