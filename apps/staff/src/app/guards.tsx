import type { ReactNode } from 'react';
import { PageHeading } from '@careline/ui/components';
import { useStaffSession } from '../lib/staff-session.tsx';
import { useShellMessages } from './messages.ts';

/**
 * Shows a screen only when the member's roles in the current hospital allow its action; the server
 * checks again on every call.
 * @param props - action: the policy key; children: the screen
 */
export function RequireAction({ action, children }: { action: string; children: ReactNode }) {
  const session = useStaffSession();
  const t = useShellMessages();
  if (session.may(action)) {
    return <>{children}</>;
  }
  return (
    <>
      <PageHeading documentTitle={t.documentTitle(t.noPermissionHeading)}>{t.noPermissionHeading}</PageHeading>
      <p>{session.hospital ? t.noPermissionText : t.noHospitalText}</p>
    </>
  );
}

/** Any address the console does not know. */
export function NotFoundScreen() {
  const t = useShellMessages();
  return (
    <>
      <PageHeading documentTitle={t.documentTitle(t.notFoundHeading)}>{t.notFoundHeading}</PageHeading>
      <p>{t.notFoundText}</p>
    </>
  );
}
