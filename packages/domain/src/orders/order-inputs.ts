/**
 * The inputs of the order calls as zod schemas, for the server and the staff console's forms (spec doc
 * 3 §3, §5): each refusal's message is the catalogue's 'CODE:message' string. Apart from the plain
 * rules in ./validation.ts so the patient app's order screens do not ship them (issue 33 §3).
 */
import { z } from 'zod';
import { hasControlCharacters as hasFreeTextControl } from '../consultations/appointment-rules.ts';
import { errorString } from '../errors.ts';
import { toMinor } from '../payments/money.ts';
import { hasControlCharacters } from '../staff/staff.ts';
import { DEFAULT_INITIATED_FOR, INITIATED_FOR_VALUES, ORDER_CATEGORIES } from './categories.ts';
import { ORDER_NOTE_MAX } from './order-events.ts';
import { ORDER_MAX_DOCUMENTS, hasAddress } from './plain.ts';
import { ORDER_CANCEL_REASONS, ORDER_PAYMENT_METHODS, ORDER_STATUSES } from './status.ts';

const ADDRESS_LINE_MAX = 200;
const CODE_MAX = 64;

/** One address line: trimmed, at most 200 characters, no control characters; empty allowed. */
const addressLine = z
  .string()
  .trim()
  .max(ADDRESS_LINE_MAX)
  .refine((value) => !hasControlCharacters(value), { message: errorString('ARO-E2002') })
  .default('');

/** The four address lines (spec doc 3 §3 Location; the form's line 3 is the landmark). */
export const orderAddressInput = z.object({
  addressLineOne: addressLine,
  addressLineTwo: addressLine,
  addressLineThree: addressLine,
  addressCity: addressLine,
});

const isoTime = z.iso.datetime({ offset: true });
const code = z.string().trim().min(1).max(CODE_MAX);

/**
 * The create service request call's input (spec doc 3 §3 Creation payload): the profile, category,
 * hospital, documents, homecare or visit with the address lines, position, the examination's test
 * codes or the procedure's codes, and requested times. Orders other than admissions need at least
 * one document; a homecare order needs an address (spec doc 3 §5).
 */
export const createOrderInput = z
  .object({
    patientId: z.uuid(),
    category: z.enum(ORDER_CATEGORIES),
    organizationId: z.uuid({ message: errorString('ARO-E6022') }),
    documentReferenceIds: z.array(z.uuid()).max(ORDER_MAX_DOCUMENTS).default([]),
    initiatedFor: z.enum(INITIATED_FOR_VALUES).default(DEFAULT_INITIATED_FOR),
    addressLineOne: addressLine,
    addressLineTwo: addressLine,
    addressLineThree: addressLine,
    addressCity: addressLine,
    requestedLat: z.number().min(-90).max(90).nullish(),
    requestedLng: z.number().min(-180).max(180).nullish(),
    diagnosticReport: z.array(code).max(50).default([]),
    procedureRequest: z.array(code).max(50).default([]),
    sampleCollectionRequestedTime: isoTime.nullish(),
    homeVisitRequestedTime: isoTime.nullish(),
    additionalNote: z.string().trim().max(ORDER_NOTE_MAX).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.category !== 'Finance' && input.documentReferenceIds.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['documentReferenceIds'],
        message: errorString('ARO-E6023'),
      });
    }
    if (new Set(input.documentReferenceIds).size !== input.documentReferenceIds.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['documentReferenceIds'],
        message: errorString('ARO-E2002'),
      });
    }
    if (input.initiatedFor === 'homecare' && input.category !== 'Finance' && !hasAddress(input)) {
      ctx.addIssue({ code: 'custom', path: ['addressLineOne'], message: errorString('ARO-E6018') });
    }
  });
export type CreateOrderInput = z.infer<typeof createOrderInput>;

/** Staff: the charging amount in major units, above 0 with at most 2 decimals, parsed to minor units. */
export const setOrderChargeInput = z.object({
  amount: z.union([z.string(), z.number()]).transform((value, ctx) => {
    try {
      const minor = toMinor(value);
      if (minor > 0) {
        return minor;
      }
    } catch {
      // Reported below with the catalogue's message.
    }
    ctx.addIssue({ code: 'custom', message: errorString('ARO-E6005'), input: value });
    return z.NEVER;
  }),
});

/** Staff: the medication's estimated time. */
export const setOrderEstimatedTimeInput = z.object({ time: isoTime });

/** Staff: schedule the home sample collection: the collector's name and the time. */
export const scheduleSampleCollectionInput = z.object({
  userName: z
    .string()
    .trim()
    .min(1, errorString('ARO-E6012'))
    .max(100, errorString('ARO-E6012'))
    .refine((value) => !hasControlCharacters(value), { message: errorString('ARO-E6012') }),
  time: isoTime,
});

/** Staff: move the order to a status. */
export const moveOrderStatusInput = z.object({ to: z.enum(ORDER_STATUSES) });

/** Staff: cancel with a reason from the list. */
export const cancelOrderInput = z.object({
  reason: z.enum(ORDER_CANCEL_REASONS, { message: errorString('ARO-E6009') }),
});

/** Patient: the payment method. */
export const chooseOrderPaymentMethodInput = z.object({
  method: z.enum(ORDER_PAYMENT_METHODS, { message: errorString('ARO-E6026') }),
});

/** Patient or staff: 'Change homecare address'. */
export const changeOrderAddressInput = orderAddressInput.refine(hasAddress, {
  message: errorString('ARO-E6018'),
});

/** Patient or staff: 'Are you sure want to Change request?' (visit ↔ home), with an address for home. */
export const changeOrderInitiatedForInput = z.object({
  to: z.enum(INITIATED_FOR_VALUES),
  address: orderAddressInput.optional(),
});

/** A note with the hospital: 1 to 1000 characters, line breaks allowed, no other control characters. */
export const orderNoteInput = z.object({
  text: z
    .string()
    .trim()
    .min(1, errorString('ARO-E6020', { max: String(ORDER_NOTE_MAX) }))
    .max(ORDER_NOTE_MAX, errorString('ARO-E6020', { max: String(ORDER_NOTE_MAX) }))
    .refine((value) => !hasFreeTextControl(value), {
      message: errorString('ARO-E6020', { max: String(ORDER_NOTE_MAX) }),
    }),
});
