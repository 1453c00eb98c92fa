import { describe, expect, it } from 'vitest';
import {
  VIDEOCONF,
  callHistoryEntry,
  callHistoryEvents,
  latestVideoCommunication,
  participantKind,
  videoCommunicationReport,
  type CallCommunication,
} from './history.ts';

function communication(overrides: Partial<CallCommunication> = {}): CallCommunication {
  return {
    id: 'c1',
    medium: VIDEOCONF,
    sent: '2026-11-24T10:00:00.000Z',
    videoCallHistory: [],
    ...overrides,
  };
}

describe('the latest video-conference communication (spec doc 2 §2)', () => {
  it('picks the VIDEOCONF one sent last, whatever the list order', () => {
    const older = communication({ id: 'older', sent: '2026-11-24T09:00:00.000Z' });
    const newer = communication({ id: 'newer', sent: '2026-11-24T11:00:00.000Z' });
    const chat = communication({ id: 'chat', medium: 'SMS', sent: '2026-11-24T12:00:00.000Z' });
    expect(latestVideoCommunication([newer, chat, older])?.id).toBe('newer');
    expect(latestVideoCommunication([older, newer, chat])?.id).toBe('newer');
  });

  it('takes the later in the list on a tie, and null without any', () => {
    expect(
      latestVideoCommunication([communication({ id: 'a' }), communication({ id: 'b' })])?.id,
    ).toBe('b');
    expect(latestVideoCommunication([communication({ medium: 'SMS' })])).toBeNull();
    expect(latestVideoCommunication([])).toBeNull();
  });
});

describe('the call history modal: connect and disconnect events (spec doc 2 §2, §3)', () => {
  it('lists the latest communication only, oldest first, who and what', () => {
    const earlier = communication({
      id: 'earlier',
      sent: '2026-11-23T10:00:00.000Z',
      videoCallHistory: [
        {
          timestamp: '2026-11-23T10:00:00.000Z',
          participantReference: 'Patient/p1',
          participantStatus: 'connected',
        },
      ],
    });
    const latest = communication({
      id: 'latest',
      sent: '2026-11-24T10:00:00.000Z',
      videoCallHistory: [
        {
          timestamp: '2026-11-24T10:05:00.000Z',
          participantReference: 'Patient/p1',
          participantStatus: 'disconnected',
        },
        {
          timestamp: '2026-11-24T10:00:00.000Z',
          participantReference: 'Practitioner/d1',
          participantStatus: 'connected',
        },
        {
          timestamp: '2026-11-24T10:01:00.000Z',
          participantReference: 'Patient/p1',
          participantStatus: 'connected',
        },
        {
          timestamp: '2026-11-24T10:02:00.000Z',
          participantReference: 'Patient/p1',
          participantStatus: 'ringing',
        },
        {
          timestamp: '2026-11-24T10:06:00.000Z',
          participantReference: 'Practitioner/d1',
          participantStatus: 'disconnected',
        },
      ],
    });
    expect(callHistoryEvents([latest, earlier])).toEqual([
      {
        at: '2026-11-24T10:00:00.000Z',
        participantReference: 'Practitioner/d1',
        participant: 'practitioner',
        status: 'connected',
      },
      {
        at: '2026-11-24T10:01:00.000Z',
        participantReference: 'Patient/p1',
        participant: 'patient',
        status: 'connected',
      },
      {
        at: '2026-11-24T10:05:00.000Z',
        participantReference: 'Patient/p1',
        participant: 'patient',
        status: 'disconnected',
      },
      {
        at: '2026-11-24T10:06:00.000Z',
        participantReference: 'Practitioner/d1',
        participant: 'practitioner',
        status: 'disconnected',
      },
    ]);
  });

  it('keeps same-instant events in their recorded order', () => {
    const at = '2026-11-24T10:00:00.000Z';
    const events = callHistoryEvents([
      communication({
        videoCallHistory: [
          { timestamp: at, participantReference: 'Patient/p1', participantStatus: 'disconnected' },
          { timestamp: at, participantReference: 'Patient/p1', participantStatus: 'connected' },
        ],
      }),
    ]);
    expect(events.map((event) => event.status)).toEqual(['disconnected', 'connected']);
  });

  it('is empty without a video communication', () => {
    expect(
      callHistoryEvents([
        communication({
          medium: 'SMS',
          videoCallHistory: [
            {
              timestamp: '2026-11-24T10:00:00.000Z',
              participantReference: 'Patient/p1',
              participantStatus: 'connected',
            },
          ],
        }),
      ]),
    ).toEqual([]);
  });

  it.each([
    ['Patient/p1', 'patient'],
    ['Practitioner/d1', 'practitioner'],
    ['Device/x', 'other'],
    ['', 'other'],
  ] as const)('%j is the %s', (reference, kind) => {
    expect(participantKind(reference)).toBe(kind);
  });

  it('records a line with an ISO timestamp', () => {
    expect(
      callHistoryEntry('Practitioner/d1', 'connected', new Date('2026-11-24T10:00:00.000Z')),
    ).toEqual({
      timestamp: '2026-11-24T10:00:00.000Z',
      participantReference: 'Practitioner/d1',
      participantStatus: 'connected',
    });
  });
});

describe('the communication the patient reports (spec doc 2 §3, §4)', () => {
  it('carries permissions, device support and Patient/{id}, medium VIDEOCONF', () => {
    expect(
      videoCommunicationReport({
        appointmentId: 'a1',
        patientId: 'p1',
        participantStatus: 'connected',
        permissions: { camera: 'granted', microphone: 'denied' },
        deviceSupported: true,
      }),
    ).toEqual({
      medium: 'VIDEOCONF',
      appointmentId: 'a1',
      participantStatus: 'connected',
      permissions: { camera: 'granted', microphone: 'denied' },
      deviceSupport: true,
      participantReference: 'Patient/p1',
    });
  });
});
