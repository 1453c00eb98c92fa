import { useState } from 'react';
import { CHAT_TEXTS, CHAT_VISIT_TIMES, chatVisitRequestedTime, fillChatText } from '@careline/domain/chat-flow';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { sampleCollectionDateChoices } from '@careline/domain/orders/plain';
import { useTranslate } from '@careline/i18n/react';
import type { GuidePart } from './guide-kit.ts';
import { EMPTY_ADDRESS, TestChoice, addressLine, codeNames } from './guide-widgets.tsx';

// Home Visit in the chat (issue 12 §2; spec doc 1 §2 home-visit time, procedure code selection,
// procedure request confirmation): the day and time, the services.

/** A home visit is asked for at least an hour ahead (ours). */
const VISIT_NOTICE_MS = 60 * 60 * 1000;

export const homeVisitSteps: GuidePart = {
  steps: {
    'home-visit-time': (kit) => (
      <VisitTimePicker
        dates={sampleCollectionDateChoices(new Date(), DEFAULT_TIME_ZONE)}
        now={Date.now()}
        dateLabel={kit.dateLabel}
        disabled={kit.busy}
        onPick={(date, dateSaid, time) => {
          const said = `${dateSaid}, ${time}`;
          void kit.go('home-visit-time', 'pick-time', said, {
            order: { ...kit.data.order, visitTime: { at: chatVisitRequestedTime(date, time, DEFAULT_TIME_ZONE), said } },
          });
        }}
      />
    ),
    'procedure-code': (kit) => (
      <TestChoice
        tests={kit.tenant.procedureCodes.filter((item) => item.enabled)}
        initial={kit.data.order.procedures}
        legend={kit.t('chat.visit.services')}
        none={CHAT_TEXTS.chooseServices}
        disabled={kit.busy}
        onConfirm={(procedures, said) =>
          void kit.go('procedure-code', 'pick-procedures', said, { order: { ...kit.data.order, procedures } })
        }
      />
    ),
  },
  orderSummary: {
    procedure: ({ data, tenant, tx }) => {
      const { order } = data;
      return (
        <ul className="chat-order-summary">
          <li>{tx(fillChatText('orderHospital', { hospital: data.organization?.name ?? '' }))}</li>
          <li>{tx(fillChatText('orderServices', { services: codeNames(tenant.procedureCodes, order.procedures) }))}</li>
          <li>{tx(fillChatText('orderVisitAt', { address: addressLine(order.address ?? EMPTY_ADDRESS) }))}</li>
          {order.visitTime !== null ? <li>{tx(fillChatText('orderVisitOn', { time: order.visitTime.said }))}</li> : null}
        </ul>
      );
    },
  },
};

/**
 * The home-visit time picker (spec doc 1 §2 time-picker widget): one of the 7 dates, then a time of
 * day; Back returns to the dates.
 */
function VisitTimePicker({
  dates,
  now,
  dateLabel,
  disabled,
  onPick,
}: {
  dates: readonly string[];
  /** The time now (ms): today's times already gone, or within the hour, are not offered. */
  now: number;
  dateLabel: (date: string, index: number) => string;
  disabled: boolean;
  onPick: (date: string, dateSaid: string, time: (typeof CHAT_VISIT_TIMES)[number]) => void;
}) {
  const t = useTranslate();
  const [date, setDate] = useState<{ date: string; said: string } | null>(null);
  if (date === null) {
    return (
      <div className="chat-buttons" role="group" aria-label={t('chat.visit.date')}>
        {dates.map((choice, index) => (
          <button
            key={choice}
            className="chat-button chat-button-secondary"
            type="button"
            disabled={disabled}
            onClick={() => setDate({ date: choice, said: dateLabel(choice, index) })}
          >
            {dateLabel(choice, index)}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="chat-buttons" role="group" aria-label={t('chat.visit.time', { date: date.said })}>
      {CHAT_VISIT_TIMES.filter(
        (time) => Date.parse(chatVisitRequestedTime(date.date, time, DEFAULT_TIME_ZONE)) > now + VISIT_NOTICE_MS,
      ).map((time) => (
        <button
          key={time}
          className="chat-button chat-button-secondary"
          type="button"
          disabled={disabled}
          onClick={() => onPick(date.date, date.said, time)}
        >
          {time}
        </button>
      ))}
      <button className="chat-button chat-button-secondary" type="button" disabled={disabled} onClick={() => setDate(null)}>
        {t('chat.visit.otherDay')}
      </button>
    </div>
  );
}
