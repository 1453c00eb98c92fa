import { useEffect, useRef, useState } from 'react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { Button } from '../../../components/button.tsx';
import { FIRST_HISTORY_COUNT, historyPage, nextHistoryCount } from '../utils/history-groups.ts';
import { historyGroupKeysText } from '../utils/history-texts.ts';
import { HistoryAppointmentCard, type HistoryCardAction, type HistoryCardAppointment } from './history-appointment-card.tsx';

type HistoryAppointmentListProps<T extends HistoryCardAppointment> = {
  appointments: readonly T[];
  now: Date;
  /** The level of the Today / Upcoming / Past headings. */
  headingLevel: 2 | 4;
  actionsFor?: (appointment: T) => HistoryCardAction[];
  showPatient?: boolean;
};

/**
 * Appointments grouped Today, Upcoming and Past, 8 at first and 8 more per 'See more'
 * (spec doc 2 §2, §9). Focus moves to the first card a load adds.
 */
export function HistoryAppointmentList<T extends HistoryCardAppointment>({
  appointments,
  now,
  headingLevel,
  actionsFor,
  showPatient = true,
}: HistoryAppointmentListProps<T>) {
  const t = useConsultationsTranslate();
  const [shown, setShown] = useState(FIRST_HISTORY_COUNT);
  const listRef = useRef<HTMLDivElement>(null);
  const focusFrom = useRef<number | null>(null);
  const page = historyPage(appointments, now, shown);
  const total = page.shown + page.remaining;
  const Heading = headingLevel === 2 ? 'h2' : 'h4';

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null) {
      return;
    }
    focusFrom.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('.history-card__link')[from]?.focus();
  }, [shown]);

  return (
    <div ref={listRef} className="history-list">
      {page.groups.map((group) => (
        <section key={group.key} className="history-group" aria-label={t(historyGroupKeysText[group.key])}>
          <Heading className="history-group__heading">{t(historyGroupKeysText[group.key])}</Heading>
          <ul className="history-group__items">
            {group.appointments.map((appointment) => (
              <li key={appointment.id}>
                <HistoryAppointmentCard appointment={appointment} actions={actionsFor?.(appointment)} showPatient={showPatient} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      {total > FIRST_HISTORY_COUNT ? (
        <p className="history-list__count" aria-live="polite">
          {t('history.showing', { shown: page.shown, total })}
        </p>
      ) : null}
      {page.remaining > 0 ? (
        <Button
          variant="secondary"
          block
          onClick={() => {
            focusFrom.current = page.shown;
            setShown(nextHistoryCount);
          }}
        >
          {t('history.seeMore')}
        </Button>
      ) : null}
    </div>
  );
}
