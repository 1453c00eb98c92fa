import { CHAT_TEXTS, fillChatText } from '@careline/domain/chat-flow';
import { DayTimePicker } from './day-time-picker.tsx';
import type { GuidePart } from './guide-kit.ts';
import { EMPTY_ADDRESS, TestChoice, addressLine, codeNames } from './guide-widgets.tsx';

// Home Visit in the chat (issue 12 §2; spec doc 1 §2 home-visit time, procedure code selection,
// procedure request confirmation): the day and time, the services.

export const homeVisitSteps: GuidePart = {
  steps: {
    'home-visit-time': (kit) => (
      <DayTimePicker
        dateLabel={kit.dateLabel}
        daysLabel={kit.t('chat.visit.date')}
        timesLabel={(date) => kit.t('chat.visit.time', { date })}
        disabled={kit.busy}
        onPick={(visitTime) => {
          void kit.go('home-visit-time', 'pick-time', visitTime.said, { order: { ...kit.data.order, visitTime } });
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
