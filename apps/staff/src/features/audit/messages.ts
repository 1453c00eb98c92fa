// Texts of the audit trail view, in one place for @careline/i18n.
export const auditMessages = {
  heading: 'Audit trail',
  intro: (hospital: string) =>
    `Every read and change of patient data at ${hospital}, newest first. Nobody can edit or delete it.`,
  filters: 'Filter the trail',
  action: 'Action',
  anyAction: 'Any action',
  from: 'From',
  to: 'To',
  apply: 'Apply filter',
  clear: 'Clear filter',
  tableCaption: (hospital: string) => `Audit trail of ${hospital}`,
  when: 'When',
  who: 'Who',
  role: 'Role',
  what: 'Action',
  patient: 'Patient',
  details: 'Details',
  correlation: 'Correlation id',
  loadMore: 'Load older entries',
  empty: 'No entries match this filter.',
  loading: 'Loading the audit trail…',
  patientKind: 'patient',
  system: 'system',
} as const;

/** Names of the audited actions (server audit rows), as the filter offers them. */
export const auditActionLabels: Record<string, string> = {
  'patient.lookup': 'Patient lookup',
  'staff.sign-in': 'Staff sign-in',
  'staff.password-change': 'Password change',
  'staff.create': 'Staff user created',
  'staff.roles': 'Roles changed',
  'staff.create-admin': 'First admin created',
};
