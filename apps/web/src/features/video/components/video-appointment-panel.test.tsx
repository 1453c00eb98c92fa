// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createI18n, type I18n } from '@careline/i18n/core';
import { loadVideoMessages } from '@careline/i18n/video';
import type { AccountView } from '../../../lib/session';
import { renderScreen } from '../../../lib/testing/render-screen.tsx';
import { VideoAppointmentPanel } from './video-appointment-panel.tsx';

let i18n: I18n;

beforeAll(async () => {
  i18n = createI18n();
  await loadVideoMessages(i18n, 'en');
});

afterEach(cleanup);

const account = { id: 'account-1', mobileNo: '94771234567', patientList: [], patients: {} } as unknown as AccountView;

const communication = {
  __typename: 'VideoCommunication',
  id: 'c-1',
  medium: 'VIDEOCONF',
  sent: '2026-11-24T10:05:00.000Z',
  videoCallHistory: [
    // Out of order on purpose: the modal lists them oldest first.
    { __typename: 'VideoCallHistoryEntry', timestamp: '2026-11-24T10:01:00.000Z', participantReference: 'Patient/p-1', participantStatus: 'connected' },
    { __typename: 'VideoCallHistoryEntry', timestamp: '2026-11-24T10:00:00.000Z', participantReference: 'Practitioner/d-1', participantStatus: 'connected' },
    { __typename: 'VideoCallHistoryEntry', timestamp: '2026-11-24T10:04:00.000Z', participantReference: 'Patient/p-1', participantStatus: 'disconnected' },
  ],
};

function renderPanel(answer: unknown) {
  return renderScreen({
    path: '/view/appointment?appointmentId=a-1',
    routePath: '/view/appointment',
    account,
    i18n,
    element: (
      <Suspense fallback={null}>
        <VideoAppointmentPanel appointmentId="a-1" />
      </Suspense>
    ),
    answer: (call) => (call.operationName === 'queryCommunication' ? answer : undefined),
  });
}

describe('the call history modal (spec doc 2 §2)', () => {
  it('lists the connect and disconnect events of the latest video communication, oldest first', async () => {
    const { calls } = renderPanel({ data: { queryCommunication: communication } });
    fireEvent.click(await screen.findByRole('button', { name: 'Call History' }));
    const dialog = screen.getByRole('dialog', { name: 'Call History' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items.map((item) => [item.querySelector('.call-history__who')?.textContent, item.querySelector('.call-history__status')?.textContent])).toEqual([
      ['Practitioner', 'Connected'],
      ['Patient', 'Connected'],
      ['Patient', 'Disconnected'],
    ]);
    expect(items[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-24T10:00:00.000Z');
    expect(calls.find((call) => call.operationName === 'queryCommunication')?.variables).toEqual({ appointmentId: 'a-1' });
  });

  it('says so when there is no call yet', async () => {
    renderPanel({ data: { queryCommunication: null } });
    fireEvent.click(await screen.findByRole('button', { name: 'Call History' }));
    expect(await within(screen.getByRole('dialog', { name: 'Call History' })).findByText('No call events yet')).toBeTruthy();
  });
});
