import { useCallback, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { groupProfilesByRelationship, profileTexts, unclassifiedPatients } from '@careline/domain/profiles';
import { fallbackErrorText } from '@careline/domain/error-wire';
import { REQUEST_STATE } from '@careline/domain/shell';
import { OFFLINE_SAVED_AT } from '@careline/ui/graphql';
import { LastUpdated } from '../../../lib/offline/last-updated.tsx';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import { downloadFhirRecords } from '../api/download-records.ts';
import { safeBackPath } from '../utils/back-path.ts';
import { relationshipText } from '@careline/domain/profiles/person-texts';
import { profileCountTexts, unclassifiedPromptText } from '../utils/profile-texts.ts';
import { ProfileCard } from './profile-card.tsx';
import { RelationshipModal } from './relationship-modal.tsx';
import './profiles.css';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

/** The menu rows of the Profiles screen and the routes they open (spec doc 1 §2, §2 routes table). */
export const profileMenuRows = [
  { label: profileTexts.menuRows[0], to: '/history/appointments' },
  { label: profileTexts.menuRows[1], to: '/history/examination' },
  { label: profileTexts.menuRows[2], to: '/history/procedure' },
  { label: profileTexts.menuRows[3], to: '/profiles/my-payment-history' },
  { label: profileTexts.menuRows[4], to: '/profiles/payment-methods' },
] as const;

type ModalState = { open: false } | { open: true; classifyingId: string | null };

type ProfilesScreenProps = {
  /** Downloads a profile's records as a FHIR R4 Bundle (issue 11 part 4); tests pass a stand-in. */
  downloadRecords?: (patientId: string) => Promise<void>;
};

/** The profile list (/profiles; spec doc 1 §2 Profiles screen), each profile with its records' download. */
export function ProfilesScreen({ downloadRecords = downloadFhirRecords }: ProfilesScreenProps = {}) {
  const session = useSession();
  const t = useTranslate();
  const tx = useTranslateText();
  const tenant = useTenant();
  const [searchParams] = useSearchParams();
  const backPath = safeBackPath(searchParams.get('back'));
  const [modal, setModal] = useState<ModalState>({ open: false });
  const [loggingOut, setLoggingOut] = useState(false);
  const closeModal = useCallback(() => setModal({ open: false }), []);
  const account = session.account;

  if (!account && session.accountState === REQUEST_STATE.FAILED) {
    return (
      <div className="profiles-screen">
        <p className="profile-server-error" role="alert">
          {tx(fallbackErrorText)}
        </p>
        <button type="button" className="profile-button" onClick={() => void session.refreshAccount()}>
          {t('profiles.retry')}
        </button>
      </div>
    );
  }
  if (!account) {
    return (
      <div className="profiles-screen" aria-busy="true">
        <span className="profile-spinner" role="status" aria-label={t('profiles.loading')} />
      </div>
    );
  }
  // spec doc 1 §2: an account with zero patients goes to /profiles/registration
  if (account.patientList.length === 0) {
    return <Navigate to="/profiles/registration" replace />;
  }

  const count = profileCountTexts(t, account.patientList.length);
  const groups = groupProfilesByRelationship(account.patientList, tenant.relationships);
  const unclassified = unclassifiedPatients(account.patientList);

  return (
    <div className="profiles-screen">
      <header className="profiles-header">
        {backPath ? (
          <Link className="profile-back" to={backPath}>
            {tx(profileTexts.back)}
          </Link>
        ) : null}
        <p className="profiles-mobile">+{account.mobileNo}</p>
        <h1>{count.title}</h1>
        {count.subtitle ? <p className="profiles-subtitle">{count.subtitle}</p> : null}
        {/* issue 32 §4.7: the account read from the device for lack of a connection. */}
        <LastUpdated extensions={session.accountSavedAt ? { [OFFLINE_SAVED_AT]: session.accountSavedAt } : undefined} />
      </header>

      <nav className="profiles-menu" aria-label={t('profiles.accountNav')}>
        <ul>
          {profileMenuRows.map((row) => (
            <li key={row.to}>
              <Link to={row.to}>{tx(row.label)}</Link>
            </li>
          ))}
        </ul>
      </nav>

      {unclassified.length > 0 ? (
        <div className="profiles-unclassified" role="status">
          <p>{unclassifiedPromptText(t, unclassified.length)}</p>
          {/* issue 6 §4.8: the button says what it does (it opens the relationship chooser). */}
          <button type="button" className="profile-button profile-button-small" onClick={() => setModal({ open: true, classifyingId: null })}>
            {t('profiles.classifyButton', { count: unclassified.length })}
          </button>
        </div>
      ) : null}

      {groups.map((group) => {
        // The Unclassified group has relationship '' (groupProfilesByRelationship).
        const groupLabel = group.relationship === '' ? t('profiles.unclassified') : relationshipText(t, group.relationship);
        return (
          <section key={group.label} className="profiles-group" aria-label={groupLabel}>
            <h2>{groupLabel}</h2>
            {group.patients.map((patient) => (
              <ProfileCard
                key={patient.id}
                patient={patient}
                loyaltyAccounts={account.loyaltyAccounts}
                tenant={tenant}
                onClassify={(chosen) => setModal({ open: true, classifyingId: chosen.id })}
                onDownloadRecords={downloadRecords}
              />
            ))}
          </section>
        );
      })}

      <div className="profiles-actions">
        <Link className="profile-button" to="/profiles/registration">
          {tx(profileTexts.addNewProfile)}
        </Link>
        <button
          type="button"
          className="profile-button profile-button-secondary"
          disabled={loggingOut}
          aria-busy={loggingOut}
          onClick={() => {
            setLoggingOut(true);
            void session.logout();
          }}
        >
          {tx(profileTexts.logout)}
        </button>
      </div>

      <RelationshipModal
        open={modal.open}
        classifyingId={modal.open ? modal.classifyingId : null}
        onSelect={closeModal}
        onClose={closeModal}
      />
    </div>
  );
}
