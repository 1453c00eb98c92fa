import { PageHeading } from '@careline/ui/components';
import { useStaffSession } from '../../../lib/staff-session.tsx';
import { useRoleLabels } from '../../../app/messages.ts';
import { useHomeMessages } from '../messages.ts';

/** The home of each role: empty for now (later issues fill it with the role's work). */
export function HomeScreen() {
  const session = useStaffSession();
  const t = useHomeMessages();
  const roleLabels = useRoleLabels();
  const hospital = session.hospital;
  const roles = hospital?.memberships.map((m) => roleLabels[m.role]).join(', ') ?? '';
  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.greeting(session.me?.displayName ?? '')}</p>
      {hospital ? <p>{t.roleIntro(roles, hospital.name)}</p> : null}
      <section className="empty-state" aria-label={t.emptyHome}>
        {hospital?.memberships.map((m) => (
          <div key={m.role} className="empty-state__role" data-role={m.role}>
            <h2>{roleLabels[m.role]}</h2>
            <p>{t.emptyHome}</p>
          </div>
        ))}
      </section>
    </>
  );
}
