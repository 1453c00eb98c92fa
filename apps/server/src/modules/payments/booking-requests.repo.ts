import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { PayerAuthenticationJson, SignatureJson } from '../../db/schema/payments.ts';
import { bookingRequests } from '../../db/schema/index.ts';
import type { BookingRequestRow, Owner } from './payments.repo.ts';

/* Booking requests: one attempt to pay an invoice at a gateway, and the states that block a second (issue 9 §3). */

/** Booking request statuses whose outcome is not known yet: the invoice must not be paid again meanwhile. */
export const BLOCKING_BOOKING_STATUSES = ['charging', 'pending', 'unknown'] as const;

/** The gateways whose page the browser opens (Genie, mobile bill): their payment is not final until the gateway says so. */
export const REDIRECT_GATEWAYS = ['genie', 'mobileBill'] as const;

/**
 * How long a Genie or mobile-bill request whose payment is not final yet blocks a second payment of
 * its invoice (as long as a 3-D Secure step-up lives): the patient may still approve it on the
 * gateway's page, so a second attempt could charge twice; an abandoned page stops blocking after it.
 */
export const REDIRECT_BLOCK_MINUTES = 15;

/** A Genie or mobile-bill request created within the blocking window whose outcome is not known yet. */
const redirectOpen = () =>
  and(
    eq(bookingRequests.status, 'initiated'),
    inArray(bookingRequests.paymentGatewayType, [...REDIRECT_GATEWAYS]),
    sql`${bookingRequests.createdAt} > now() - make_interval(mins => ${REDIRECT_BLOCK_MINUTES})`,
  );

/** The request's 3-D Secure step-up has not expired. */
const authenticationLive = () =>
  sql`(${bookingRequests.authentication}->>'expiresAt')::timestamptz > now()`;

/**
 * Sets a quick-pay request that is charging to 'authenticating': the bank wants its cardholder
 * first (spec doc 2 §7 authenticatePaymentGateway). False when the request was not charging.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param authentication - the gateway's step-up and when it expires
 */
export async function setBookingAuthenticating(
  db: DbOrTx,
  bookingRequestId: string,
  authentication: PayerAuthenticationJson,
): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ status: 'authenticating', authentication, updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), eq(bookingRequests.status, 'charging')))
    .returning({ id: bookingRequests.id });
  return rows.length === 1;
}

/**
 * Claims an authenticating request for its authorisation after the step-up: the one call that moves
 * it back to 'charging' gets the row; a replay, another transaction id or an expired step-up gets null.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param authenticationTransactionId - the step-up's transaction id, as the bank posted it back
 */
export async function claimAuthenticatedCharge(
  db: DbOrTx,
  bookingRequestId: string,
  authenticationTransactionId: string,
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .update(bookingRequests)
    .set({ status: 'charging', updatedAt: new Date() })
    .where(
      and(
        eq(bookingRequests.id, bookingRequestId),
        eq(bookingRequests.status, 'authenticating'),
        sql`${bookingRequests.authentication}->>'authenticationTransactionId' = ${authenticationTransactionId}`,
        authenticationLive(),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The account's booking request, or null (another account's id is not found).
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the booking request
 */
export async function findOwnedBookingRequest(db: DbOrTx, owner: Owner, id: string): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.id, id),
        eq(bookingRequests.tenantId, owner.tenantId),
        eq(bookingRequests.accountId, owner.accountId),
      ),
    );
  return row ?? null;
}

/**
 * Where the browser goes after the bank's step-up of an authenticating request.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param paths - same-origin success and failure paths
 */
export async function setBookingReturnPaths(
  db: DbOrTx,
  bookingRequestId: string,
  paths: { successUrl: string; failureUrl: string },
): Promise<void> {
  await db
    .update(bookingRequests)
    .set({ ...paths, updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), eq(bookingRequests.status, 'authenticating')));
}

/**
 * A booking request of the invoice still being processed (charging, REVIEW pending, or an unknown
 * quick-pay outcome), or null.
 * @param db - database or transaction
 * @param invoiceId - the invoice
 */
export async function findBlockingBookingRequest(db: DbOrTx, invoiceId: string): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.invoiceId, invoiceId),
        or(
          inArray(bookingRequests.status, [...BLOCKING_BOOKING_STATUSES]),
          // A quick pay waiting for 3-D Secure blocks until its step-up expires (nothing was charged).
          and(eq(bookingRequests.status, 'authenticating'), authenticationLive()),
          // A Genie or mobile-bill page still open blocks for a bounded time (its payment is not final).
          redirectOpen(),
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * When a blocking booking request stops blocking its invoice by itself, as
 * {@link findBlockingBookingRequest} decides: a 3-D Secure step-up when it expires, a Genie or
 * mobile-bill page when its window ends. Null for one whose outcome has no known end (a charge in
 * flight, REVIEW, an unknown outcome): the gateway's answer or the cashier ends it.
 * @param booking - the blocking request
 */
export function blockingUntil(booking: BookingRequestRow): Date | null {
  if (booking.status === 'authenticating' && booking.authentication) {
    const expiresAt = new Date(booking.authentication.expiresAt);
    return Number.isNaN(expiresAt.getTime()) ? null : expiresAt;
  }
  if (booking.status === 'initiated' && REDIRECT_GATEWAYS.some((gateway) => gateway === booking.paymentGatewayType)) {
    return new Date(booking.createdAt.getTime() + REDIRECT_BLOCK_MINUTES * 60_000);
  }
  return null;
}

/**
 * Releases a quick pay waiting for its 3-D Secure step-up (issue 29 §2): 'authenticating' becomes
 * 'failed', so the invoice is payable again and the step-up, if the cardholder still finishes it,
 * authorises nothing (claimAuthenticatedCharge needs 'authenticating'). False when the request was no
 * longer authenticating (its step-up came back first).
 * @param db - database or transaction
 * @param bookingRequestId - the request
 */
export async function releaseAuthenticatingBooking(db: DbOrTx, bookingRequestId: string): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), eq(bookingRequests.status, 'authenticating')))
    .returning({ id: bookingRequests.id });
  return rows.length === 1;
}

/**
 * A booking request of an order's invoice whose money may still come (the hospital is about to change
 * or close the order): one {@link findBlockingBookingRequest} finds, or any request still 'initiated'
 * within the blocking window — for a card too, whose hosted payment page the patient may still have
 * open (its ACCEPT would land on a closed invoice and go to reconciliation).
 * @param db - database or transaction
 * @param invoiceId - the order's open invoice
 */
export async function findLiveOrderBookingRequest(db: DbOrTx, invoiceId: string): Promise<BookingRequestRow | null> {
  const blocking = await findBlockingBookingRequest(db, invoiceId);
  if (blocking) {
    return blocking;
  }
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.invoiceId, invoiceId),
        eq(bookingRequests.status, 'initiated'),
        sql`${bookingRequests.createdAt} > now() - make_interval(mins => ${REDIRECT_BLOCK_MINUTES})`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Inserts a booking request.
 * @param db - database or transaction
 * @param row - the request
 */
export async function insertBookingRequest(db: DbOrTx, row: typeof bookingRequests.$inferInsert): Promise<BookingRequestRow> {
  const [inserted] = await db.insert(bookingRequests).values(row).returning();
  if (!inserted) {
    throw new Error('booking request not inserted');
  }
  return inserted;
}

/**
 * A booking request of the tenant by the reference sent to the gateway, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant (from the request's host)
 * @param externalReference - the gateway's req_reference_number
 */
export async function findBookingRequestByReference(
  db: DbOrTx,
  tenantId: string,
  externalReference: string,
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(and(eq(bookingRequests.tenantId, tenantId), eq(bookingRequests.externalReference, externalReference)));
  return row ?? null;
}

/**
 * The tenant's booking request of a gateway by the gateway's own transaction id (kept as its
 * transaction uuid), or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param gateway - the gateway (genie)
 * @param transactionId - the gateway's transaction id
 */
export async function findBookingRequestByGatewayTransaction(
  db: DbOrTx,
  tenantId: string,
  gateway: string,
  transactionId: string,
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .select()
    .from(bookingRequests)
    .where(
      and(
        eq(bookingRequests.tenantId, tenantId),
        eq(bookingRequests.transactionUuid, transactionId),
        eq(bookingRequests.paymentGatewayType, gateway),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Marks a booking request completed with a transaction unless it is completed already: the row when
 * this call completed it, else null. This conditional update is what credits exactly once.
 * @param tx - transaction
 * @param bookingRequestId - the request
 * @param transactionId - the gateway transaction credited
 */
export async function completeBookingRequest(
  tx: Tx,
  bookingRequestId: string,
  transactionId: string,
): Promise<BookingRequestRow | null> {
  const [row] = await tx
    .update(bookingRequests)
    .set({ status: 'completed', creditedTransactionId: transactionId, completedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), ne(bookingRequests.status, 'completed')))
    .returning();
  return row ?? null;
}

/**
 * Claims a booking request for its gateway call (a quick-pay charge, or a Genie or mobile-bill
 * payment to create): true for the one call that set its transaction uuid, false for a twin.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param transactionUuid - a fresh value marking the call as sent
 * @param status - the status the request must have: 'charging' (quick pay) or 'initiated'
 */
export async function claimTokenCharge(
  db: DbOrTx,
  bookingRequestId: string,
  transactionUuid: string,
  status: 'charging' | 'initiated' = 'charging',
): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({ transactionUuid, updatedAt: new Date() })
    .where(
      and(
        eq(bookingRequests.id, bookingRequestId),
        eq(bookingRequests.status, status),
        sql`${bookingRequests.transactionUuid} is null`,
      ),
    )
    .returning({ id: bookingRequests.id });
  return rows.length === 1;
}

/**
 * Stores the gateway's payment of a Genie or mobile-bill request claimed for its creation: the
 * gateway's id (as the transaction uuid) and the page with its fields. The row, or null when the
 * request is no longer initiated.
 * @param db - database or transaction
 * @param bookingRequestId - the request
 * @param page - the gateway's id and the signature (fields, and the page as its value)
 */
export async function setRedirectBookingPage(
  db: DbOrTx,
  bookingRequestId: string,
  page: { transactionUuid: string; signature: SignatureJson },
): Promise<BookingRequestRow | null> {
  const [row] = await db
    .update(bookingRequests)
    .set({ ...page, updatedAt: new Date() })
    .where(
      and(
        eq(bookingRequests.id, bookingRequestId),
        eq(bookingRequests.status, 'initiated'),
        sql`${bookingRequests.transactionUuid} like 'creating:%'`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Sets a not yet completed booking request to pending (REVIEW), unknown (a quick-pay charge whose
 * outcome the gateway did not tell: left to the cashier) or failed.
 * @param tx - transaction
 * @param bookingRequestId - the request
 * @param status - pending, unknown or failed
 */
export async function setOpenBookingRequestStatus(
  tx: Tx,
  bookingRequestId: string,
  status: 'pending' | 'unknown' | 'failed',
): Promise<void> {
  await tx
    .update(bookingRequests)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(bookingRequests.id, bookingRequestId), ne(bookingRequests.status, 'completed')));
}
