import { STAFF_ROLES, type StaffRole } from './staff.ts';

/*
 * The staff console's permissions as data (issue 7 point 2, issue 28): for each operation, the roles
 * that may run it in a hospital where they hold the role. The server checks them (its
 * staff.permissions) and the staff console may read the same tables to offer only allowed actions.
 * One table per area of the console, gathered in staffPolicies.
 */

/**
 * Who may administer staff (issue 7 point 2): the roles that may run each staff-administration
 * operation in a hospital where they hold the role.
 */
export const staffPolicy = {
  'staff.users.list': ['admin'],
  'staff.users.create': ['admin'],
  'staff.users.setRoles': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** Who may read a hospital's audit trail (issue 7 point 3): its admins only. */
export const auditPolicy = {
  'audit.browse': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may read patients' profiles from the staff console (issue 7 point 6): every role of the
 * hospital, since each of them serves patients at the desk, on the phone or in the ward; they find
 * the patients the hospital has any record of (issue 29 §10). Only the desk, registering a walk-in
 * (the roles that book at the desk, sessions.bookAtDesk), also finds a patient of the group with no
 * record here, by name only. Each read is audited.
 */
export const profilesStaffPolicy = {
  'patients.lookup': STAFF_ROLES,
  'patients.walkIn': ['admin', 'receptionist'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may run a hospital's consultation sessions from the staff console (issue 8, staff console):
 * receptionists and admins plan sessions and book at the desk; doctors and nurses run the queue
 * beside them. Every change and every read of the queue is audited.
 */
export const staffSessionsPolicy = {
  'sessions.list': ['admin', 'receptionist', 'doctor', 'nurse', 'callCentreAgent'],
  'sessions.manage': ['admin', 'receptionist'],
  'sessions.bookAtDesk': ['admin', 'receptionist'],
  'sessions.run': ['admin', 'receptionist', 'doctor', 'nurse'],
  'sessions.queue': ['admin', 'receptionist', 'doctor', 'nurse'],
  // After a restore: confirm the highest token already given (from the desk's list), which reopens bookings.
  'sessions.confirmTokens': ['admin', 'receptionist'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may run the hospital's side of payments from the staff console (issue 9 §8 Refunds carried
 * out, §9 Cashier's console): cashiers and admins take cash at the desk, see the day's payments,
 * decide refund requests and reconcile gateway notifications. Every read of patient data and every
 * change is audited.
 */
export const staffPaymentsPolicy = {
  'payments.cash': ['admin', 'cashier'],
  // An order's cash payment: cashiers, admins and the staff who work the order (ORDER_STAFF_ROLES:
  // pharmacists hand medicines over, lab technicians, nurses and doctors finish lab tests, procedures
  // and admissions); the domain's recordPayment rule then holds the role to the order's category
  // (orders/transitions.ts), so a pharmacist never takes a lab test's cash.
  'payments.orderCash': ['admin', 'cashier', 'pharmacist', 'labTechnician', 'nurse', 'doctor'],
  'payments.list': ['admin', 'cashier'],
  'refunds.list': ['admin', 'cashier'],
  'refunds.decide': ['admin', 'cashier'],
  'payments.reconcile': ['admin', 'cashier'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may work a hospital's orders from the staff console (issue 10, staff console). The roles of
 * each category are the domain's (ORDER_STAFF_ROLES: pharmacists medication, lab technicians
 * examinations, nurses procedures and admissions, doctors admissions, admins all): these keys let
 * a member with any of them in, and the service then answers ARO-E1210 for an order of a category
 * their roles do not work. Only the operations a category can take list its roles: the estimated
 * time is the pharmacy's, the home sample collection is for lab tests and procedures (an admission has
 * no sample states, issue 30 §2.4, so the doctors, who work admissions only, take no collection).
 * Every read and change is audited.
 */
export const staffOrdersPolicy = {
  'orders.read': ['admin', 'pharmacist', 'labTechnician', 'nurse', 'doctor'],
  'orders.work': ['admin', 'pharmacist', 'labTechnician', 'nurse', 'doctor'],
  'orders.estimatedTime': ['admin', 'pharmacist'],
  'orders.sampleCollection': ['admin', 'labTechnician', 'nurse'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who answers a hospital's chats from the staff console (issue 12 §4 The staff inbox): call-centre
 * agents and receptionists of the hospital, and its admins. Reading (the inbox, a chat, the live
 * inbox, the patient's context) and working a chat (take, reply, close, typing) are separate keys so
 * a later role can be given one without the other. Every read of a patient's chat is audited.
 */
export const staffChatPolicy = {
  'chat.read': ['admin', 'callCentreAgent', 'receptionist'],
  'chat.work': ['admin', 'callCentreAgent', 'receptionist'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may work a hospital's lab reports from the staff console (issue 11): laboratory technicians
 * and admins read, enter, verify, issue, outsource and correct reports of their hospital; only
 * admins change the hospital's lab report settings (the second-person verification). Those who
 * issue reports (technicians and admins) set the hospital's header, footer and signature images of
 * the printable report (and may upload them, files.routes STAFF_UPLOAD_ACTIONS). Every read and
 * change is audited.
 */
export const labReportsPolicy = {
  'labReports.read': ['admin', 'labTechnician'],
  'labReports.work': ['admin', 'labTechnician'],
  'labReports.settings': ['admin'],
  'labReports.images': ['admin', 'labTechnician'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may call a patient on a video consultation from the staff console (issue 13 Build 4): the
 * doctor. The spec shows practitioners as the only caller in video calls (doc 2 §6), so nurses,
 * receptionists and admins run the queue (sessions.*) but do not call. The same key covers the
 * whole call of the member who placed it: ring, signalling, the live channel and hang-up; signalling
 * and the live channel further answer only the member who placed the current call. Every call and
 * hang-up is audited.
 */
export const staffVideoPolicy = {
  'video.call': ['doctor'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may work a hospital's questionnaires from the staff console (issue 11, staff console: doctors
 * and nurses define questionnaires and read the responses on the appointment; admins too). Reading
 * the responses is a read of patient data and is audited; every definition change is audited.
 */
export const questionnairesPolicy = {
  'questionnaires.read': ['admin', 'doctor', 'nurse'],
  'questionnaires.define': ['admin', 'doctor', 'nurse'],
  'questionnaires.responses': ['admin', 'doctor', 'nurse'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may keep a hospital's doctors' photos (issue 29 §4.14): its admins, for the doctors who work
 * there. Every change is audited.
 */
export const practitionersPolicy = {
  'practitioners.list': ['admin'],
  'practitioners.photo': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Who may keep a hospital's waiting-room displays (issue 32 §3.6): its admins create the display
 * tokens a TV opens the board with, see them and revoke them. Every creation and revocation is audited.
 */
export const displaysPolicy = {
  'displays.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

/** Every staff operation's policy: the roles that may run it in a hospital where they hold the role. */
export const staffPolicies = {
  ...staffPolicy,
  ...auditPolicy,
  ...profilesStaffPolicy,
  ...staffSessionsPolicy,
  ...staffPaymentsPolicy,
  ...staffOrdersPolicy,
  ...staffChatPolicy,
  ...labReportsPolicy,
  ...staffVideoPolicy,
  ...questionnairesPolicy,
  ...practitionersPolicy,
  ...displaysPolicy,
} as const satisfies Record<string, readonly StaffRole[]>;

/** A staff operation's policy key. */
export type StaffAction = keyof typeof staffPolicies;
