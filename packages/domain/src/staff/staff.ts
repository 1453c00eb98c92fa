import { z } from 'zod';
import { hasControlCharacters } from '../text.ts';

/** The one-line control-character rule (text.ts), as the staff forms and the server import it. */
export { hasControlCharacters };

/**
 * The roles a staff member can hold in a hospital (issue 7 point 2). Order is the order the console
 * lists them in.
 */
export const STAFF_ROLES = [
  'admin',
  'receptionist',
  'doctor',
  'nurse',
  'pharmacist',
  'labTechnician',
  'cashier',
  'callCentreAgent',
] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * Whether a string names a staff role.
 * @param value - the candidate
 */
export function isStaffRole(value: string): value is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(value);
}

/** English names of the roles (the console's catalogue keys map onto these). */
export const staffRoleLabels: Record<StaffRole, string> = {
  admin: 'Administrator',
  receptionist: 'Receptionist',
  doctor: 'Doctor',
  nurse: 'Nurse',
  pharmacist: 'Pharmacist',
  labTechnician: 'Lab technician',
  cashier: 'Cashier',
  callCentreAgent: 'Call-centre agent',
};

export const STAFF_PASSWORD_MIN_LENGTH = 12;
// argon2 hashes any length, but a megabyte "password" is a cheap way to burn server CPU.
export const STAFF_PASSWORD_MAX_LENGTH = 128;

/**
 * Emails compare case-insensitively and without surrounding spaces.
 * @param email - as typed
 */
export function normaliseStaffEmail(email: string): string {
  return email.trim().toLowerCase();
}


const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Null when the email is acceptable, else the reason.
 * @param email - as typed
 */
export function validateStaffEmail(email: string): string | null {
  const value = normaliseStaffEmail(email);
  if (value.length === 0) {
    return 'Enter an email address';
  }
  if (value.length > 254 || !emailPattern.test(value)) {
    return 'Enter a valid email address';
  }
  return null;
}

/**
 * Null when the password is acceptable as a new password, else the reason. Length over composition
 * rules (NIST SP 800-63B), and never the same as the email.
 * @param password - the new password
 * @param email - the user's email, which the password may not equal or contain
 */
export function validateStaffPassword(password: string, email = ''): string | null {
  if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    return `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > STAFF_PASSWORD_MAX_LENGTH) {
    return `Use at most ${STAFF_PASSWORD_MAX_LENGTH} characters`;
  }
  if (hasControlCharacters(password)) {
    return 'The password contains characters that cannot be typed';
  }
  const local = normaliseStaffEmail(email).split('@')[0] ?? '';
  if (local.length >= 4 && password.toLowerCase().includes(local)) {
    return 'The password may not contain your email name';
  }
  if (new Set(password).size < 5) {
    return 'Use a less repetitive password';
  }
  return null;
}

/** Staff sign-in form and `staffSignIn` arguments. */
export const staffSignInInput = z.object({
  email: z.string().max(254).transform(normaliseStaffEmail),
  password: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
});
export type StaffSignInInput = z.infer<typeof staffSignInInput>;

/** Password change form and `staffChangePassword` arguments. */
export const staffChangePasswordInput = z.object({
  currentPassword: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(1).max(STAFF_PASSWORD_MAX_LENGTH),
});
export type StaffChangePasswordInput = z.infer<typeof staffChangePasswordInput>;

/** One role to hold in the hospital being administered; doctors name their practitioner record. */
export const staffRoleInput = z.object({
  role: z.enum(STAFF_ROLES),
  practitionerId: z.uuid().nullish(),
});

/** The roles held in one hospital: at least one for a new user, each role once. */
const staffRoleList = z
  .array(staffRoleInput)
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles.map((r) => r.role)).size === roles.length, {
    message: 'Each role once',
  });

/** The admin's "new staff user" form and `createStaffUser` input (roles in the admin's hospital). */
export const staffCreateUserInput = z.object({
  email: z
    .string()
    .transform(normaliseStaffEmail)
    .refine((value) => validateStaffEmail(value) === null, {
      message: 'Enter a valid email address',
    }),
  displayName: z
    .string()
    .transform((value) => value.trim())
    .refine((value) => value.length >= 1 && value.length <= 100 && !hasControlCharacters(value), {
      message: 'Enter a name of 1 to 100 characters',
    }),
  roles: staffRoleList.refine((roles) => roles.length >= 1, {
    message: 'Choose at least one role',
  }),
});
export type StaffCreateUserInput = z.infer<typeof staffCreateUserInput>;

/** `setStaffRoles` input: the roles a user holds in one hospital from now on (may be empty). */
export const staffSetRolesInput = z.object({ roles: staffRoleList });
export type StaffSetRolesInput = z.infer<typeof staffSetRolesInput>;
