// Texts of the patient lookup, in one place for @careline/i18n.
export const patientMessages = {
  heading: 'Patient lookup',
  intro: (hospital: string) =>
    `Find the patients of ${hospital} by their mobile number. Every lookup is recorded in the audit trail.`,
  mobileNo: 'Mobile number',
  mobileHint: 'For example 0771234567',
  enterMobile: 'Enter a mobile number',
  search: 'Look up',
  resultsCaption: (mobileNo: string) => `Patients with the number ${mobileNo}`,
  name: 'Name',
  gender: 'Gender',
  birthDate: 'Date of birth',
  relationship: 'Relationship',
  none: (mobileNo: string, hospital: string) => `No patient of ${hospital} has the number ${mobileNo}.`,
  found: (count: number) => (count === 1 ? '1 patient found.' : `${count} patients found.`),
} as const;
