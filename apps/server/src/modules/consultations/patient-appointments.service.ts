import { AppError } from '@careline/domain/errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../audit/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { readOwnAppointment, type AppointmentView } from './appointment-read.service.ts';
import {
  bookAppointment,
  cancelAppointment,
  patchAppointmentFields,
  rescheduleAppointment,
  type AppointmentPatch,
} from './appointments.service.ts';
import { requestRefund, type RefundRequestAnswer } from './refunds.service.ts';
import { announceSessionChanged } from './session-events.ts';
import {
  confirmTemporaryAppointment,
  createTemporaryAppointment,
  reserveAppointment,
  scheduleRelease,
  type TemporaryAppointmentView,
} from './temporary-appointments.service.ts';

// The patient app's appointment operations end to end (issue 28: resolvers parse, call one service
// function and return): each runs the change, tells live subscribers of the sessions it touched
// (after the commit; a failed publish does not undo it) and reads the answer back.

/** What a patient's appointment operation takes from its request, as plain values. */
export type PatientAppointmentDeps = {
  db: Db;
  tenantId: string;
  /** The signed-in patient account. */
  accountId: string;
  correlationId: string;
  /** Publishes to live subscribers on every instance. */
  publish: (topic: string, payload: unknown) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

/** createAppointment's arguments, parsed (ids as strings, absent ones null). */
export type CreateAppointmentRequest = {
  patientId: string;
  sessionId: string;
  idempotencyKey: string | null;
  appointmentRescheduledFor: string | null;
  appointmentBookingType: string | null;
  temporaryAppointmentId: string | null;
  /** The tenant's channelling.reserve flag. */
  reserveEnabled: boolean;
};

/** Booking types createAppointment accepts: none (pay at the hospital), the reserve path, or a temporary appointment's confirmation. */
const BOOKING_TYPES = ['reserve', 'temporary'] as const;

function ownerOf(deps: PatientAppointmentDeps): { tenantId: string; accountId: string } {
  return { tenantId: deps.tenantId, accountId: deps.accountId };
}

function patientActor(deps: PatientAppointmentDeps): AuditActor {
  return { kind: 'patient', accountId: deps.accountId };
}

function announceAppointments(deps: PatientAppointmentDeps, sessionId: string): Promise<void> {
  return announceSessionChanged(deps, deps.tenantId, sessionId, 'appointments');
}

/**
 * createAppointment on the reserve path, or null when the request is an ordinary booking (no
 * booking type, no temporary appointment). With temporaryAppointmentId: confirms that temporary
 * appointment for patientId (booking type, if sent, 'temporary' or 'reserve'); with booking type
 * 'reserve': reserves for the profile; booking type 'temporary' alone is ARO-E2002 (a temporary
 * appointment is made by createTemporaryAppointment, before the profile exists), and so is any
 * other booking type or a reserve combined with appointmentRescheduledFor.
 */
async function createOnReservePath(
  deps: PatientAppointmentDeps,
  request: CreateAppointmentRequest,
): Promise<AppointmentView | null> {
  const bookingType = request.appointmentBookingType;
  const temporaryId = request.temporaryAppointmentId;
  if (bookingType === null && temporaryId === null) {
    return null;
  }
  if (
    (bookingType !== null && !(BOOKING_TYPES as readonly string[]).includes(bookingType)) ||
    request.appointmentRescheduledFor !== null ||
    (bookingType === 'temporary' && temporaryId === null)
  ) {
    throw new AppError('ARO-E2002');
  }
  const owner = ownerOf(deps);
  if (temporaryId !== null) {
    const outcome = await confirmTemporaryAppointment(deps.db, {
      ...owner,
      temporaryAppointmentId: temporaryId,
      sessionId: request.sessionId,
      patientId: request.patientId,
      correlationId: deps.correlationId,
      actor: patientActor(deps),
    });
    if (outcome.kind === 'released') {
      await announceAppointments(deps, outcome.sessionId);
      throw new AppError('ARO-E4048');
    }
    if (outcome.kind === 'closed') {
      await announceAppointments(deps, outcome.sessionId);
      throw new AppError('ARO-E4002');
    }
    await announceAppointments(deps, outcome.appointment.sessionId);
    return readOwnAppointment(deps.db, owner, outcome.appointment.id);
  }
  const reserved = await reserveAppointment(deps.db, {
    ...owner,
    sessionId: request.sessionId,
    reserveEnabled: request.reserveEnabled,
    correlationId: deps.correlationId,
    actor: patientActor(deps),
    patientId: request.patientId,
    idempotencyKey: request.idempotencyKey,
  });
  await announceAppointments(deps, reserved.sessionId);
  return readOwnAppointment(deps.db, owner, reserved.id);
}

/**
 * createAppointment (spec doc 2 §4 Booking, Reschedule; Booking step 4 reserve path): confirms a
 * temporary appointment or reserves (createOnReservePath), else moves appointmentRescheduledFor
 * here (rescheduleAppointment) or books the session's next token, paying at the hospital
 * (bookAppointment); publishes every session it changed and answers the appointment as the
 * account sees it.
 * @param deps - database, the signed-in account, publish and log
 * @param request - the parsed arguments and the tenant's reserve flag
 */
export async function createAppointmentLive(
  deps: PatientAppointmentDeps,
  request: CreateAppointmentRequest,
): Promise<AppointmentView> {
  const onReservePath = await createOnReservePath(deps, request);
  if (onReservePath) {
    return onReservePath;
  }
  const booking = {
    ...ownerOf(deps),
    patientId: request.patientId,
    sessionId: request.sessionId,
    originChannel: 'patient_app' as const,
    idempotencyKey: request.idempotencyKey,
    correlationId: deps.correlationId,
    actor: patientActor(deps),
  };
  if (request.appointmentRescheduledFor !== null) {
    const moved = await rescheduleAppointment(deps.db, { ...booking, rescheduledFor: request.appointmentRescheduledFor });
    await announceAppointments(deps, moved.previousSessionId);
    await announceAppointments(deps, moved.sessionId);
    return readOwnAppointment(deps.db, ownerOf(deps), moved.id);
  }
  const appointment = await bookAppointment(deps.db, booking);
  await announceAppointments(deps, appointment.sessionId);
  return readOwnAppointment(deps.db, ownerOf(deps), appointment.id);
}

/** patchAppointment's arguments, parsed. */
export type PatchAppointmentRequest = {
  appointmentId: string;
  /** Only 'cancelled', alone; null when not sent. */
  status: string | null;
  patch: AppointmentPatch;
  /** The tenant's appointmentCancel flag. */
  cancelEnabled: boolean;
};

/**
 * patchAppointment (spec doc 2 §7): status 'cancelled' alone cancels the appointment
 * (cancelAppointment; ARO-E2002 with anything else or another status, ARO-E1210 when the tenant's
 * appointmentCancel feature is off) and publishes its session; otherwise the feedback and heartbeat
 * changes (patchAppointmentFields). Answers the appointment as the account sees it.
 * @param deps - database, the signed-in account, publish and log
 * @param request - the appointment, the parsed changes and the tenant's cancel flag
 */
export async function patchAppointmentLive(
  deps: PatientAppointmentDeps,
  request: PatchAppointmentRequest,
): Promise<AppointmentView> {
  const { patch } = request;
  const others = [patch.feedbackRating, patch.feedbackComment, patch.heartbeatLinkSeen, patch.timeStampKey].some(
    (value) => value !== null && value !== undefined,
  );
  const now = new Date();
  if (request.status !== null) {
    if (request.status !== 'cancelled' || others) {
      throw new AppError('ARO-E2002');
    }
    if (!request.cancelEnabled) {
      throw new AppError('ARO-E1210');
    }
    const appointment = await cancelAppointment(deps.db, {
      ...ownerOf(deps),
      appointmentId: request.appointmentId,
      now,
      correlationId: deps.correlationId,
      actor: patientActor(deps),
    });
    await announceAppointments(deps, appointment.sessionId);
    return readOwnAppointment(deps.db, ownerOf(deps), appointment.id);
  }
  const appointment = await patchAppointmentFields(deps.db, {
    ...ownerOf(deps),
    appointmentId: request.appointmentId,
    patch,
    now,
    correlationId: deps.correlationId,
    actor: patientActor(deps),
  });
  return readOwnAppointment(deps.db, ownerOf(deps), appointment.id);
}

/** createRefund's arguments, parsed. */
export type CreateRefundRequest = {
  appointmentId: string;
  patientId: string;
  organizationId: string;
  category: string;
  subcategory: string;
  notes: string | null;
  /** The tenant's appointmentRefund flag. */
  refundEnabled: boolean;
};

/**
 * createRefund (spec doc 2 §4 Refund): ARO-E1210 when the tenant's appointmentRefund feature is
 * off; else records the request (requestRefund) and publishes the appointment's session.
 * @param deps - database, the signed-in account, publish and log
 * @param request - the appointment, the reason path, the notes and the tenant's refund flag
 */
export async function createRefundLive(
  deps: PatientAppointmentDeps,
  request: CreateRefundRequest,
): Promise<RefundRequestAnswer> {
  if (!request.refundEnabled) {
    throw new AppError('ARO-E1210');
  }
  const refund = await requestRefund(deps.db, {
    ...ownerOf(deps),
    appointmentId: request.appointmentId,
    patientId: request.patientId,
    organizationId: request.organizationId,
    category: request.category,
    subcategory: request.subcategory,
    notes: request.notes,
    correlationId: deps.correlationId,
    actor: patientActor(deps),
  });
  const appointment = await readOwnAppointment(deps.db, ownerOf(deps), refund.appointmentId);
  await announceAppointments(deps, appointment.sessionId);
  return refund;
}

/**
 * createTemporaryAppointment (spec doc 2 §4 Booking step 4): holds the session's next token
 * (createTemporaryAppointment), queues its release at the end of the hold (a failure is logged: the
 * sweep releases it) and publishes the session and every session whose earlier hold it gave back.
 * @param deps - database, the signed-in account, publish and log
 * @param request - the session, the client's key, the tenant's reserve flag, the hold and the job queue
 */
export async function createTemporaryAppointmentLive(
  deps: PatientAppointmentDeps,
  request: {
    sessionId: string;
    idempotencyKey: string | null;
    reserveEnabled: boolean;
    holdMs: number;
    jobs: JobQueue;
  },
): Promise<TemporaryAppointmentView> {
  const { temporary, releasedSessionIds } = await createTemporaryAppointment(deps.db, {
    ...ownerOf(deps),
    sessionId: request.sessionId,
    reserveEnabled: request.reserveEnabled,
    correlationId: deps.correlationId,
    actor: patientActor(deps),
    holdMs: request.holdMs,
    idempotencyKey: request.idempotencyKey,
  });
  if (temporary.status === 'temporary') {
    await scheduleRelease(request.jobs, deps.tenantId, temporary).catch((error: unknown) => {
      // The hold is in the row: another release job sweeps it up (temporary-appointments.service.ts).
      deps.log.error({ err: error, temporaryAppointmentId: temporary.id }, 'release job not queued');
    });
  }
  for (const sessionId of new Set([temporary.sessionId, ...releasedSessionIds])) {
    await announceAppointments(deps, sessionId);
  }
  return temporary;
}
