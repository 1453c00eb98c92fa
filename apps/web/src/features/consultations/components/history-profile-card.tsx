import { useId, useState } from 'react';
import { loyaltyAmount, visibleLoyaltyAccounts, type ClientPatient, type LoyaltyAccount } from '@careline/domain/profiles';
import { formatMoney, type TenantPublicConfig } from '@careline/domain/tenant';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useTranslateText } from '@careline/i18n/react';
import type { HistoryCardAction, HistoryCardAppointment } from './history-appointment-card.tsx';
import { HistoryAppointmentList } from './history-appointment-list.tsx';

type HistoryProfileCardProps<T extends HistoryCardAppointment> = {
  patient: ClientPatient;
  /** Every loyalty account of the signed-in account; the card picks this profile's. */
  loyaltyAccounts: readonly LoyaltyAccount[];
  /** This profile's appointments. */
  appointments: readonly T[];
  tenant: Pick<TenantPublicConfig, 'currency' | 'moneyDecimals'>;
  now: Date;
  actionsFor?: (appointment: T) => HistoryCardAction[];
};

/**
 * A profile on the history screen (spec doc 2 §2: 'Profile cards expand to show appointments and
 * loyalty information'; §2 Loyalty: Name, Active Points, Amount = points / rate, zero-point
 * accounts hidden).
 */
export function HistoryProfileCard<T extends HistoryCardAppointment>({
  patient,
  loyaltyAccounts,
  appointments,
  tenant,
  now,
  actionsFor,
}: HistoryProfileCardProps<T>) {
  const t = useConsultationsTranslate();
  const tx = useTranslateText();
  const [expanded, setExpanded] = useState(false);
  const panelId = useId();
  // spec doc 2 §2 Loyalty: accounts with zero active points are hidden
  const loyalty = visibleLoyaltyAccounts(loyaltyAccounts.filter((account) => account.patientId === patient.id));
  return (
    <article className="history-profile">
      <h3 className="history-profile__heading">
        <button
          type="button"
          className="history-profile__toggle"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="history-profile__avatar" aria-hidden="true">
            {initials(patient.displayName)}
          </span>
          <span className="history-profile__name">
            {patient.displayName}
            {patient.relationship ? <span className="history-profile__relationship">{tx(patient.relationship)}</span> : null}
          </span>
          <span className="history-profile__count">{appointments.length}</span>
        </button>
      </h3>
      <div id={panelId} className="history-profile__panel" hidden={!expanded}>
        {expanded ? (
          <>
            {loyalty.length > 0 ? (
              <section className="history-loyalty" aria-label={t('profiles.loyaltyInformation')}>
                <h4>{t('profiles.loyaltyInformation')}</h4>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">{t('profiles.loyalty.name')}</th>
                      <th scope="col">{t('profiles.loyalty.activePoints')}</th>
                      <th scope="col">{t('profiles.loyalty.amount')}</th>
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
            {appointments.length > 0 ? (
              <HistoryAppointmentList
                appointments={appointments}
                now={now}
                headingLevel={4}
                actionsFor={actionsFor}
                showPatient={false}
              />
            ) : (
              <p className="history-note">{t('history.profileNoVisits')}</p>
            )}
          </>
        ) : null}
      </div>
    </article>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}
