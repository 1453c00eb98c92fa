/** Payer names sent to the payment gateway (spec doc 2 §5). */

const HAS_LETTER = /\p{L}/u;

/**
 * The bill-to forename and surname for the gateway (spec doc 2 §5: 'Patient names sent to the
 * payment provider must contain a letter; otherwise the other name is used for both forename and
 * surname'). Names are trimmed; when neither has a letter both are returned as given.
 * @param given - the patient's given name
 * @param family - the patient's family name
 */
export function payerNames(given: string, family: string): { forename: string; surname: string } {
  const forename = given.trim();
  const surname = family.trim();
  const forenameOk = HAS_LETTER.test(forename);
  const surnameOk = HAS_LETTER.test(surname);
  if (forenameOk && !surnameOk) {
    return { forename, surname: forename };
  }
  if (surnameOk && !forenameOk) {
    return { forename: surname, surname };
  }
  return { forename, surname };
}
