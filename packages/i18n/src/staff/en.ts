/**
 * The staff console's source catalogue (English, ICU MessageFormat), kept apart from the patient
 * app's (catalogues/en.ts) so that the patient app's first screen does not carry the console's texts.
 * Sinhala (si.ts) and Tamil (ta.ts) must have exactly these keys. After editing run
 * `npm run i18n:compile`.
 */
export const staffEn = {
  // Frame: navigation, hospital switcher, language
  'staff.shell.consoleName': 'Staff console',
  'staff.shell.product': 'Careline · Staff',
  'staff.shell.documentTitle': '{screen} · Staff console',
  'staff.shell.skipToContent': 'Skip to content',
  'staff.shell.mainNavigation': 'Main',
  'staff.shell.home': 'Home',
  'staff.shell.patientLookup': 'Patient lookup',
  'staff.shell.staffUsers': 'Staff users',
  'staff.shell.auditTrail': 'Audit trail',
  'staff.shell.changePassword': 'Change password',
  'staff.shell.signOut': 'Sign out',
  'staff.shell.hospital': 'Hospital',
  'staff.shell.language': 'Language',
  'staff.shell.signedInAs': 'Signed in as {name}',
  'staff.shell.loading': 'Loading…',
  'staff.shell.notFoundHeading': 'Page not found',
  'staff.shell.notFoundText': 'This page does not exist in the staff console.',
  'staff.shell.noPermissionHeading': 'Not available',
  'staff.shell.noPermissionText': 'Your roles in this hospital do not include this page.',
  'staff.shell.noHospitalText':
    'Your account holds no role in any hospital yet. Ask your administrator.',
  'staff.shell.somethingWentWrong': 'Something went wrong. Please try again.',

  // Roles
  'staff.role.admin': 'Administrator',
  'staff.role.receptionist': 'Receptionist',
  'staff.role.doctor': 'Doctor',
  'staff.role.nurse': 'Nurse',
  'staff.role.pharmacist': 'Pharmacist',
  'staff.role.labTechnician': 'Lab technician',
  'staff.role.cashier': 'Cashier',
  'staff.role.callCentreAgent': 'Call-centre agent',

  // Sign-in and password
  'staff.auth.signInHeading': 'Sign in to the staff console',
  'staff.auth.signInIntro':
    'Use the email address and password your hospital administrator gave you.',
  'staff.auth.email': 'Email address',
  'staff.auth.password': 'Password',
  'staff.auth.signIn': 'Sign in',
  'staff.auth.signingIn': 'Signing in…',
  'staff.auth.enterEmailAndPassword': 'Enter your email address and password',
  'staff.auth.changePasswordHeading': 'Change your password',
  'staff.auth.forcedChangeIntro':
    'You signed in with a temporary password. Choose your own password to continue.',
  'staff.auth.currentPassword': 'Current password',
  'staff.auth.temporaryPassword': 'Temporary password',
  'staff.auth.enterCurrentPassword': 'Enter your current password',
  'staff.auth.newPassword': 'New password',
  'staff.auth.newPasswordHint':
    'At least {min} characters. A few words you remember make a good password.',
  'staff.auth.confirmPassword': 'New password again',
  'staff.auth.passwordsDiffer': 'The two new passwords are not the same',
  'staff.auth.changePassword': 'Change password',
  'staff.auth.passwordChanged': 'Your password has been changed.',
  'staff.auth.passwordTooShort': 'Use at least {min} characters',
  'staff.auth.passwordTooLong': 'Use at most {max} characters',
  'staff.auth.passwordControlCharacters': 'The password contains characters that cannot be typed',
  'staff.auth.passwordContainsEmail': 'The password may not contain your email name',
  'staff.auth.passwordRepetitive': 'Use a less repetitive password',

  // Home
  'staff.home.heading': 'Home',
  'staff.home.greeting': 'Welcome, {name}',
  'staff.home.roleIntro': 'You work as {roles} at {hospital}.',
  'staff.home.emptyHome': 'Your daily work will appear here as the console grows.',

  // Staff users
  'staff.users.heading': 'Staff users',
  'staff.users.intro': 'People who work in the console at {hospital}, and their roles here.',
  'staff.users.tableCaption': 'Staff of {hospital}',
  'staff.users.name': 'Name',
  'staff.users.email': 'Email address',
  'staff.users.roles': 'Roles',
  'staff.users.status': 'Status',
  'staff.users.actions': 'Actions',
  'staff.users.active': 'Active',
  'staff.users.mustChangePassword': 'Temporary password',
  'staff.users.disabled': 'Disabled',
  'staff.users.noRoles': 'No role here',
  'staff.users.changeRoles': 'Change roles',
  'staff.users.changeRolesOf': 'Change roles of {name}',
  'staff.users.saveRoles': 'Save roles',
  'staff.users.cancel': 'Cancel',
  'staff.users.rolesSaved': 'Roles of {name} saved.',
  'staff.users.newUserHeading': 'New staff user',
  'staff.users.displayName': 'Full name',
  'staff.users.rolesLegend': 'Roles at {hospital}',
  'staff.users.create': 'Create staff user',
  'staff.users.createdHeading': '{email} can now sign in',
  'staff.users.temporaryPasswordIs':
    'Temporary password (shown only this once; hand it over in person):',
  'staff.users.temporaryPasswordNote': 'They will choose their own password at first sign-in.',
  'staff.users.loading': 'Loading staff…',
  'staff.users.invalidEmail': 'Enter a valid email address',
  'staff.users.invalidName': 'Enter a name of 1 to 100 characters',
  'staff.users.chooseRole': 'Choose at least one role',

  // Audit trail
  'staff.audit.heading': 'Audit trail',
  'staff.audit.intro':
    'Every read and change of patient data at {hospital}, newest first. Nobody can edit or delete it.',
  'staff.audit.filters': 'Filter the trail',
  'staff.audit.action': 'Action',
  'staff.audit.anyAction': 'Any action',
  'staff.audit.from': 'From',
  'staff.audit.to': 'To',
  'staff.audit.apply': 'Apply filter',
  'staff.audit.clear': 'Clear filter',
  'staff.audit.tableCaption': 'Audit trail of {hospital}',
  'staff.audit.when': 'When',
  'staff.audit.who': 'Who',
  'staff.audit.role': 'Role',
  'staff.audit.what': 'Action',
  'staff.audit.patient': 'Patient',
  'staff.audit.details': 'Details',
  'staff.audit.correlation': 'Correlation id',
  'staff.audit.loadMore': 'Load older entries',
  'staff.audit.empty': 'No entries match this filter.',
  'staff.audit.loading': 'Loading the audit trail…',
  'staff.audit.patientKind': 'patient',
  'staff.audit.system': 'system',
  'staff.audit.action.patient.lookup': 'Patient lookup',
  'staff.audit.action.staff.sign-in': 'Staff sign-in',
  'staff.audit.action.staff.password-change': 'Password change',
  'staff.audit.action.staff.create': 'Staff user created',
  'staff.audit.action.staff.roles': 'Roles changed',
  'staff.audit.action.staff.create-admin': 'First admin created',

  // Patient lookup
  'staff.patients.heading': 'Patient lookup',
  'staff.patients.intro':
    'Find the patients of {hospital} by their mobile number. Every lookup is recorded in the audit trail.',
  'staff.patients.mobileNo': 'Mobile number',
  'staff.patients.mobileHint': 'For example 0771234567',
  'staff.patients.enterMobile': 'Enter a mobile number',
  'staff.patients.search': 'Look up',
  'staff.patients.resultsCaption': 'Patients with the number {mobileNo}',
  'staff.patients.name': 'Name',
  'staff.patients.gender': 'Gender',
  'staff.patients.birthDate': 'Date of birth',
  'staff.patients.relationship': 'Relationship',
  'staff.patients.none': 'No patient of {hospital} has the number {mobileNo}.',
  'staff.patients.found': '{count, plural, one {# patient found.} other {# patients found.}}',
} as const;

export type StaffMessageId = keyof typeof staffEn;
export type StaffCatalogue = Record<StaffMessageId, string>;
