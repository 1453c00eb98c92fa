import { useState } from 'react';
import { Link } from 'react-router';
import {
  canEditProfile,
  loyaltyAmount,
  loyaltyLabels,
  profileTexts,
  visibleLoyaltyAccounts,
  type ClientPatient,
  type LoyaltyAccount,
} from '@careline/domain/profiles';
import { formatMoney, type TenantPublicConfig } from '@careline/domain/tenant';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { useToast } from '../../../components/toast.tsx';
import { ageText, genderText } from '@careline/domain/profiles/person-texts';
import { relationshipLabelText, relationshipModalHeadingText } from '../utils/profile-texts.ts';

type ProfileCardProps = {
  patient: ClientPatient;
  loyaltyAccounts: LoyaltyAccount[];
  tenant: TenantPublicConfig;
  /** Opens the relationship modal for a profile without a relationship. */
  onClassify: (patient: ClientPatient) => void;
  /** Downloads the profile's records as a FHIR R4 Bundle (issue 11 part 4); rejects when it fails. */
  onDownloadRecords: (patientId: string) => Promise<void>;
};

/** A profile on the Profiles screen (spec doc 1 §2 'The profile card'). */
export function ProfileCard({ patient, loyaltyAccounts, tenant, onClassify, onDownloadRecords }: ProfileCardProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);
  const downloadRecords = () => {
    setDownloading(true);
    void onDownloadRecords(patient.id)
      .catch(() => toast.show(t('profiles.exportRecordsFailed'), 'error'))
      .finally(() => setDownloading(false));
  };
  // spec doc 1 §2: loyalty accounts with zero active points are hidden
  const loyalty = visibleLoyaltyAccounts(loyaltyAccounts.filter((account) => account.patientId === patient.id));
  const label = relationshipLabelText(t, patient.relationship, patient.givenName);
  const headingId = `profile-card-${patient.id}`;
  return (
    <article className="profile-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="profile-card-name">
        {patient.displayName}
      </h3>
      <p className="profile-card-meta">
        {label !== '' ? <span className="profile-card-relationship">{label}</span> : null}
        <span>{genderText(t, patient.gender)}</span>
        {patient.age !== '' ? <span>{ageText(t, patient.age)}</span> : null}
      </p>
      {loyalty.length > 0 ? (
        <section className="profile-loyalty" aria-label={tx(profileTexts.loyaltyInformation)}>
          <h4>{tx(profileTexts.loyaltyInformation)}</h4>
          <table>
            <thead>
              <tr>
                <th scope="col">{tx(loyaltyLabels.name)}</th>
                <th scope="col">{tx(loyaltyLabels.activePoints)}</th>
                <th scope="col">{tx(loyaltyLabels.amount)}</th>
              </tr>
            </thead>
            <tbody>
              {loyalty.map((account) => (
                <tr key={account.id}>
                  <td>{account.name}</td>
                  <td>{account.activePoints}</td>
                  <td>{formatMoney(loyaltyAmount(account.activePoints, account.rate), tenant)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <div className="profile-card-actions">
        <Link to={`/history/appointments?patientId=${encodeURIComponent(patient.id)}`}>{tx(profileTexts.viewAppointments)}</Link>
        {canEditProfile(patient, tenant.features.editProfile.enabled) ? (
          <Link className="profile-button profile-button-small" to={`/profiles/registration/${encodeURIComponent(patient.id)}`}>
            {tx(profileTexts.editProfile)}
          </Link>
        ) : null}
        {patient.relationship === null ? (
          <button type="button" className="profile-button profile-button-small" onClick={() => onClassify(patient)}>
            {relationshipModalHeadingText(t, patient.displayName)}
          </button>
        ) : null}
        <button
          type="button"
          className="profile-button profile-button-small profile-button-secondary"
          aria-describedby={headingId}
          aria-busy={downloading}
          disabled={downloading}
          onClick={downloadRecords}
        >
          {downloading ? t('profiles.exportRecordsBusy') : t('profiles.exportRecords')}
        </button>
      </div>
    </article>
  );
}
