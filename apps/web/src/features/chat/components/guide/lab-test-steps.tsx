import { CHAT_TEXTS, fillChatText } from '@careline/domain/chat-flow';
import { DayTimePicker } from './day-time-picker.tsx';
import type { GuidePart } from './guide-kit.ts';
import { AddressForm, EMPTY_ADDRESS, TestChoice, addressLine, codeNames, profileAddress } from './guide-widgets.tsx';

// Home Lab Test in the chat (issue 12 §2; spec doc 1 §2 lab test selection, sample-collection
// address and time; doc 3 §4, §5): the tests, where, and on which day and at what time the sample
// is collected.

export const labTestSteps: GuidePart = {
  steps: {
    'lab-test-selection': (kit) => (
      <TestChoice
        tests={kit.tenant.diagnosticReportCodes.filter((test) => test.enabled)}
        initial={kit.data.order.tests}
        legend={kit.t('chat.lab.tests')}
        none={CHAT_TEXTS.chooseTests}
        disabled={kit.busy}
        onConfirm={(tests, said) =>
          void kit.go('lab-test-selection', 'pick-tests', said, { order: { ...kit.data.order, tests } })
        }
      />
    ),
    'sample-collection-address': (kit) => (
      <AddressForm
        initial={kit.data.order.address ?? profileAddress(kit.patients)}
        disabled={kit.busy}
        onConfirm={(address) =>
          void kit.go('sample-collection-address', 'confirm-address', addressLine(address), {
            // A lab test's sample is collected at home (homecare).
            order: { ...kit.data.order, address, deliveryMode: 'home-delivery' },
          })
        }
      />
    ),
    'sample-collection-time': (kit) => (
      // spec doc 1 §2: the sample-collection time picker, a day then a time (issue 30 §11).
      <DayTimePicker
        dateLabel={kit.dateLabel}
        daysLabel={kit.t('chat.lab.date')}
        timesLabel={(date) => kit.t('chat.lab.time', { date })}
        disabled={kit.busy}
        onPick={(sampleTime) => {
          void kit.go('sample-collection-time', 'pick-time', sampleTime.said, { order: { ...kit.data.order, sampleTime } });
        }}
      />
    ),
  },
  orderSummary: {
    examination: ({ data, tenant, tx }) => {
      const { order } = data;
      return (
        <ul className="chat-order-summary">
          <li>{tx(fillChatText('orderHospital', { hospital: data.organization?.name ?? '' }))}</li>
          <li>{tx(fillChatText('orderTests', { tests: codeNames(tenant.diagnosticReportCodes, order.tests) }))}</li>
          <li>{tx(fillChatText('orderCollectAt', { address: addressLine(order.address ?? EMPTY_ADDRESS) }))}</li>
          {order.sampleTime !== null ? (
            <li>{tx(fillChatText('orderCollectOn', { date: order.sampleTime.said }))}</li>
          ) : null}
        </ul>
      );
    },
  },
};
