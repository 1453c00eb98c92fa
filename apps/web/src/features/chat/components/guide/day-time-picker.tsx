import { useState } from 'react';
import { CHAT_VISIT_TIMES, chatVisitRequestedTime, type ChatVisitTime } from '@careline/domain/chat-flow';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { sampleCollectionDateChoices } from '@careline/domain/orders/plain';
import { useTranslate } from '@careline/i18n/react';

/** A time is asked for at least an hour ahead (ours). */
const NOTICE_MS = 60 * 60 * 1000;

/** A day and time picked: the requested time (ISO 8601 with the hospital's offset) and how it was said. */
export type PickedTime = { at: string; said: string };

/**
 * The chat's time picker (spec doc 1 §2 time-picker widget; a home visit's time and a home lab
 * test's sample collection time, issue 30 §11): one of the 7 dates, then a time of day in the
 * hospital's time zone; today's times already gone, or within the hour, are not offered; Another day
 * returns to the dates.
 * @param props - how a date is said, the two groups' names, whether the chat is busy, what to do with the pick
 */
export function DayTimePicker({
  dateLabel,
  daysLabel,
  timesLabel,
  disabled,
  onPick,
}: {
  dateLabel: (date: string, index: number) => string;
  /** The name of the group of days. */
  daysLabel: string;
  /** The name of the group of times on the day said. */
  timesLabel: (daySaid: string) => string;
  disabled: boolean;
  onPick: (picked: PickedTime) => void;
}) {
  const t = useTranslate();
  const [now] = useState(() => Date.now());
  const [dates] = useState(() => sampleCollectionDateChoices(new Date(now), DEFAULT_TIME_ZONE));
  const [day, setDay] = useState<{ date: string; said: string } | null>(null);
  if (day === null) {
    return (
      <div className="chat-buttons" role="group" aria-label={daysLabel}>
        {dates.map((choice, index) => (
          <button
            key={choice}
            className="chat-button chat-button-secondary"
            type="button"
            disabled={disabled}
            onClick={() => setDay({ date: choice, said: dateLabel(choice, index) })}
          >
            {dateLabel(choice, index)}
          </button>
        ))}
      </div>
    );
  }
  const at = (time: ChatVisitTime) => chatVisitRequestedTime(day.date, time, DEFAULT_TIME_ZONE);
  return (
    <div className="chat-buttons" role="group" aria-label={timesLabel(day.said)}>
      {CHAT_VISIT_TIMES.filter((time) => Date.parse(at(time)) > now + NOTICE_MS).map((time) => (
        <button
          key={time}
          className="chat-button chat-button-secondary"
          type="button"
          disabled={disabled}
          onClick={() => onPick({ at: at(time), said: `${day.said}, ${time}` })}
        >
          {time}
        </button>
      ))}
      <button className="chat-button chat-button-secondary" type="button" disabled={disabled} onClick={() => setDay(null)}>
        {t('chat.visit.otherDay')}
      </button>
    </div>
  );
}
