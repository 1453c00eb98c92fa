import { randomBytes } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import type { LoyaltySettings } from '@careline/domain/loyalty';
import { minorToDecimal, toMinor } from '@careline/domain/payments';
import { dayRange, DEFAULT_TIME_ZONE, zonedDay } from '@careline/domain/time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { CyberSourceSettings, HttpRequester } from '../../providers/payment-gateways/gateway.ts';
import { publishSessionChanged } from '../consultations/index.ts';
import type { StaffViewer } from '../staff/index.ts';

/*
 * What the hospital's side of payments shares (issue 9 §8, §9, §10): its dependencies, amounts, the
 * hospital's day and receipt numbers. The staff member's audit actor and scope come from the staff
 * context (staffActor, hospitalScope).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The longest remarks a cashier writes on a refund decision or a reconciliation. */
export const REMARKS_MAX = 1000;
/** The gateway names of a desk payment and of a card payment. */
export const CASH_GATEWAY = 'cash';
export const CARD_GATEWAY = 'cyberSource';
/** Ledger statuses whose refund may have reached the gateway: never sent again (issue 9 §8). */
export const IN_DOUBT = ['sending', 'unknown'];

/** What every staff payments operation needs. */
export type StaffPaymentsDeps = {
  db: Db;
  tenantId: string;
  staff: StaffViewer;
  organizationId: string;
  correlationId: string;
  publish: (topic: string, payload: unknown) => Promise<void>;
  /** The tenant's currency when a scheme has none. */
  currency: string;
  /** The tenant's loyalty settings: a paid, fulfilled visit earns points; none without them. */
  loyalty?: LoyaltySettings;
  /**
   * The gateway HTTP requester (providers.gatewayHttp) and the CyberSource settings of a hospital
   * (issue 9 §2: a refund goes through the merchant of the original payment's hospital).
   */
  gatewayHttp: HttpRequester;
  cyberSourceOf: (organizationId: string | null) => CyberSourceSettings;
  log?: FastifyBaseLogger;
};

/** A line of a receipt: description and amount (2 decimals, negative for a discount). */
export type ReceiptItem = { description: string; amount: string };

/** Exact minor units of a numeric(14,2) column read as a number. */
export const minorOf = (amount: number): number => (amount < 0 ? -toMinor((-amount).toFixed(2)) : toMinor(amount.toFixed(2)));
/** 2-decimal string of minor units, negative with a leading '-'. */
export const decimalOf = (minor: number): string => (minor < 0 ? `-${minorToDecimal(-minor)}` : minorToDecimal(minor));
/** Major units for a numeric(14,2) column, from exact minor units. */
export const major = (minor: number): number => Number(decimalOf(minor));

/**
 * The instants a hospital day 'YYYY-MM-DD' starts and ends (hospital time, DEFAULT_TIME_ZONE).
 * @param date - the day
 */
export function hospitalDayRange(date: string): { from: Date; to: Date } {
  const match = DAY.exec(date);
  if (!match) {
    throw new AppError('ARO-E5047');
  }
  // A day that is not on the calendar (2026-02-30) reads as another one: refused.
  const check = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (check.toISOString().slice(0, 10) !== date) {
    throw new AppError('ARO-E5047');
  }
  return dayRange(date, DEFAULT_TIME_ZONE);
}

/**
 * A cashier's remarks, trimmed, or null when empty; longer than REMARKS_MAX is refused.
 * @param remarks - the remarks as typed
 */
export function cleanRemarks(remarks: string | null): string | null {
  const trimmed = remarks?.trim() ?? '';
  if (trimmed.length > REMARKS_MAX) {
    throw new AppError('ARO-E5046');
  }
  return trimmed.length > 0 ? trimmed : null;
}

/** A receipt number: 'C' + the hospital day + 8 random characters; unique by the payments index. */
export function newReceiptNumber(now: Date): string {
  const local = zonedDay(now, DEFAULT_TIME_ZONE).replaceAll('-', '');
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  let tail = '';
  for (const byte of bytes) {
    tail += alphabet[byte % alphabet.length];
  }
  return `C${local}-${tail}`;
}

/**
 * Tells the session's live screens about a payment after commit; a lost publish is logged.
 * @param deps - publish and log
 * @param sessionId - the appointment's session
 */
export async function publishAfterCommit(deps: StaffPaymentsDeps, sessionId: string): Promise<void> {
  try {
    await publishSessionChanged(deps.publish, deps.tenantId, sessionId, 'appointments');
  } catch (error) {
    // The change is committed; a lost live update is caught up by the next read.
    deps.log?.warn({ err: error, sessionId }, 'session change publish failed');
  }
}
