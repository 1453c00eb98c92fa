/**
 * The staff audit trail's rules (issue 30 §2.6): the actions the server records, and how a patient's
 * mobile number is shown to the member reading the trail.
 */
import { hasControlCharacters } from '../text.ts';
import { staffPolicies } from './policies.ts';
import type { StaffRole } from './staff.ts';

/**
 * Every action the server writes to the audit trail (modules/*: recordAudit and the repos that write
 * audit rows in their own statement), in the trail filter's order: people, patients, sessions,
 * orders, payments, lab reports, chats, video, questionnaires.
 */
export const AUDIT_ACTIONS = [
  'auth.sign-in',
  'auth.sign-out',
  'staff.sign-in',
  'staff.password-change',
  'staff.create',
  'staff.roles',
  'staff.create-admin',
  'patient.lookup',
  'profile.create',
  'profile.update',
  'account.language.set',
  'account.payment-method.set-default',
  'account.payment-method.delete',
  'blob.upload',
  'document.read',
  'document.create',
  'document.patch',
  'practitioner.photo',
  'session.create',
  'session.update',
  'session.cancel',
  'session.start',
  'session.end',
  'session.delay',
  'session.call-next',
  'session.queue.read',
  'session.tokens.confirm',
  'display.create',
  'display.revoke',
  'appointment.reserve',
  'appointment.book',
  'appointment.reschedule',
  'appointment.cancel',
  'appointment.arrived',
  'appointment.noshow',
  'appointment.fulfilled',
  'appointment.feedback',
  'appointment.heartbeat',
  'appointment.temporary.create',
  'appointment.temporary.confirm',
  'appointment.temporary.release',
  'order.create',
  'order.patch',
  'order.heartbeat',
  'order.list',
  'order.read',
  'order.read.live',
  'order.setCharge',
  'order.setEstimatedTime',
  'order.scheduleSampleCollection',
  'order.moveStatus',
  'order.cancel',
  'order.addNote',
  'order.attachDocument',
  'order.replace',
  'payment.initiate',
  'payment.credit',
  'payment.release',
  'payment.cash',
  'payments.cash-desk.read',
  'payments.day.read',
  'payments.unmatched.read',
  'payments.reconcile',
  'refunds.read',
  'refund.session-cancel',
  'loyalty.earn',
  'loyalty.reverse',
  'labReport.list',
  'labReport.read',
  'labReport.create',
  'labReport.saveResults',
  'labReport.verify',
  'labReport.issue',
  'labReport.outsource',
  'labReport.correct',
  'labReport.settings',
  'labReport.image',
  'labReport.importPreview',
  'labReport.import',
  'labReport.importResults',
  'labReport.importReplay',
  'chat.list',
  'chat.read',
  'chat.context',
  'chat.take',
  'chat.reply',
  'chat.close',
  'video.call.connect',
  'video.call.disconnect',
  'video.patient.connect',
  'video.patient.disconnect',
  'video.communication.read',
  'questionnaire.define',
  'questionnaire.update',
  'questionnaire.respond',
  'questionnaire.responses.read',
  'questionnaire.responses.list',
  'questionnaire.response.read',
] as const;

/** An action of the audit trail. */
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Whether a text is one of the audit trail's actions.
 * @param value - the text
 */
export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * The roles that see a patient's mobile number in full on the audit trail: those that may look a
 * patient up by that number (staffPolicies 'patients.lookup'), since the lookup shows it to them
 * anyway. Any other reader sees it masked.
 */
export const PATIENT_MOBILE_ROLES: readonly StaffRole[] = staffPolicies['patients.lookup'];

/**
 * Whether a member holding these roles in the hospital sees patients' mobile numbers in full.
 * @param roles - the member's roles in the hospital
 */
export function seesPatientMobileNo(roles: readonly StaffRole[]): boolean {
  return roles.some((role) => PATIENT_MOBILE_ROLES.includes(role));
}

const STORED_MOBILE = /^94(\d{2})(\d{3})(\d{4})$/;

/**
 * A stored mobile number ('94771234567') as people read it: '+94 77 123 4567'. Anything else is
 * returned as it is.
 * @param mobileNo - the stored number
 */
export function mobileNoDisplay(mobileNo: string): string {
  const match = STORED_MOBILE.exec(mobileNo.trim());
  return match ? `+94 ${match[1] ?? ''} ${match[2] ?? ''} ${match[3] ?? ''}` : mobileNo;
}

/**
 * A stored mobile number with all but its operator code and last two digits hidden:
 * '94771234567' → '+94 77 *** **67'. A number of another shape keeps only its last two digits.
 * @param mobileNo - the stored number
 */
export function maskedMobileNo(mobileNo: string): string {
  const value = mobileNo.trim();
  const match = STORED_MOBILE.exec(value);
  if (match) {
    return `+94 ${match[1] ?? ''} *** **${(match[3] ?? '').slice(2)}`;
  }
  return `${'*'.repeat(Math.max(value.length - 2, 0))}${value.slice(-2)}`;
}

/**
 * A patient's mobile number as a reader of the audit trail may see it: in full ('+94 77 123 4567')
 * for the roles of PATIENT_MOBILE_ROLES, masked ('+94 77 *** **67') for any other.
 * @param mobileNo - the stored number, or null
 * @param roles - the reader's roles in the hospital
 */
export function patientMobileNoFor(mobileNo: string | null, roles: readonly StaffRole[]): string | null {
  if (mobileNo === null || mobileNo.trim() === '') {
    return null;
  }
  return seesPatientMobileNo(roles) ? mobileNoDisplay(mobileNo) : maskedMobileNo(mobileNo);
}

/** The shortest and longest patient search of the trail (a name part or some digits of a number). */
export const AUDIT_PATIENT_SEARCH_MIN = 2;
export const AUDIT_PATIENT_SEARCH_MAX = 100;

/**
 * A patient search as the trail takes it: trimmed, runs of spaces as one; '' for no search.
 * @param text - the text as typed
 */
export function auditPatientSearch(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/**
 * What is wrong with a patient search, or null: 'length' outside 2 to 100 characters, 'characters'
 * with control characters. An empty search (any patient) is fine.
 * @param text - the text as typed
 */
export function auditPatientSearchProblem(text: string): 'length' | 'characters' | null {
  const search = auditPatientSearch(text);
  if (search === '') {
    return null;
  }
  if (search.length < AUDIT_PATIENT_SEARCH_MIN || search.length > AUDIT_PATIENT_SEARCH_MAX) {
    return 'length';
  }
  return hasControlCharacters(search) ? 'characters' : null;
}
