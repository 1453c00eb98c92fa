/** One entry of the console's navigation; `action` is the server policy it needs (none: everyone). */
export type NavigationItem = {
  path: string;
  label: 'home' | 'sessions' | 'patientLookup' | 'staffUsers' | 'auditTrail' | 'changePassword' | 'payments' | 'orders' | 'labReports' | 'questionnaires' | 'chats' | 'doctors' | 'displays';
  action: string | null;
};

export const navigation: readonly NavigationItem[] = [
  { path: '/', label: 'home', action: null },
  { path: '/sessions', label: 'sessions', action: 'sessions.list' },
  { path: '/patients', label: 'patientLookup', action: 'patients.lookup' },
  { path: '/orders', label: 'orders', action: 'orders.read' },
  { path: '/lab-reports', label: 'labReports', action: 'labReports.read' },
  { path: '/questionnaires', label: 'questionnaires', action: 'questionnaires.responses' },
  { path: '/chats', label: 'chats', action: 'chat.read' },
  { path: '/payments', label: 'payments', action: 'payments.list' },
  { path: '/staff-users', label: 'staffUsers', action: 'staff.users.list' },
  { path: '/doctors', label: 'doctors', action: 'practitioners.list' },
  { path: '/displays', label: 'displays', action: 'displays.manage' },
  { path: '/audit', label: 'auditTrail', action: 'audit.browse' },
  { path: '/password', label: 'changePassword', action: null },
];

/**
 * The navigation a member sees in the current hospital: only what their roles there allow.
 * @param may - whether the member may run a policy action in the current hospital
 */
export function navigationFor(may: (action: string) => boolean): NavigationItem[] {
  return navigation.filter((item) => item.action === null || may(item.action));
}
