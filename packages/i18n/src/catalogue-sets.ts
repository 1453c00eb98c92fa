/**
 * The catalogues (issue 28): each a set of PO files `src/<dir>/{en,si,ta}.po`, English the source.
 * The apps compile them on import (@lingui/vite-plugin, lingui.config.ts), the server once at start
 * (server.ts). Each set's ids are a type in `src/<dir>/message-ids.ts`, written by `npm run i18n:ids`.
 */
export const catalogueSets = [
  // The shared catalogue: the patient app's first screens, server errors, SMS bodies.
  { dir: 'catalogues', idType: 'MessageId' },
  // The staff console's own, kept out of the patient app's bundle.
  { dir: 'staff', idType: 'StaffMessageId' },
  // The patient app's screen groups, each loaded with its screens so that /login does not carry them.
  { dir: 'consultations', idType: 'ConsultationsMessageId' },
  { dir: 'lab-reports', idType: 'LabReportsMessageId' },
  { dir: 'video', idType: 'VideoMessageId' },
  { dir: 'orders/create', idType: 'OrdersCreateMessageId' },
  { dir: 'orders/view', idType: 'OrdersViewMessageId' },
  { dir: 'orders/lists', idType: 'OrdersListsMessageId' },
  { dir: 'orders/payment', idType: 'OrdersPaymentMessageId' },
] as const;

/** A catalogue's folder under src/. */
export type CatalogueDir = (typeof catalogueSets)[number]['dir'];

/**
 * How the PO files are read (@lingui/format-po): msgid is the message id ('auth.sendNow'), msgstr the
 * ICU MessageFormat text; no source references (no code is extracted, the PO files are the source).
 */
export const poFormatOptions = { explicitIdAsDefault: true, origins: false } as const;
