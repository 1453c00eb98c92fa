import { describe, expect, it } from 'vitest';
import {
  CHAT_TYPING_MIN_GAP_MS,
  agentOnline,
  isAgentOnline,
  isPatientWatching,
  patientLastSeen,
  patientSeen,
  patientWatching,
  typingDue,
} from './chat.live.ts';
import { memoryPresence } from '../../providers/presence/presence.ts';
import { CHAT_AWAY_AFTER_MS, CHAT_AWAY_SMS_QUIET_MS, chatAwaySmsDue, chatReplySmsFor } from './chat.sms.ts';

const now = new Date('2026-03-01T10:00:00Z');
const ago = (ms: number): Date => new Date(now.getTime() - ms);

describe('chatAwaySmsDue (issue 12 §4: an SMS when a reply arrives while the patient is away)', () => {
  it('texts a patient never seen, and none while they watch live', () => {
    expect(chatAwaySmsDue({ watching: false, lastSeenAt: null, lastSmsAt: null }, now)).toBe(true);
    expect(chatAwaySmsDue({ watching: true, lastSeenAt: null, lastSmsAt: null }, now)).toBe(false);
  });

  it('a patient seen within the last minute is not away', () => {
    expect(chatAwaySmsDue({ watching: false, lastSeenAt: ago(CHAT_AWAY_AFTER_MS - 1), lastSmsAt: null }, now)).toBe(false);
    expect(chatAwaySmsDue({ watching: false, lastSeenAt: ago(CHAT_AWAY_AFTER_MS), lastSmsAt: null }, now)).toBe(true);
  });

  it('at most one per chat in the quiet period', () => {
    expect(chatAwaySmsDue({ watching: false, lastSeenAt: null, lastSmsAt: ago(CHAT_AWAY_SMS_QUIET_MS - 1) }, now)).toBe(false);
    expect(chatAwaySmsDue({ watching: false, lastSeenAt: null, lastSmsAt: ago(CHAT_AWAY_SMS_QUIET_MS) }, now)).toBe(true);
  });
});

describe('chatReplySmsFor', () => {
  it("is in the account's language (English when it has none), to the account's mobile", () => {
    expect(chatReplySmsFor({ accountMobileNo: '0771234567', language: null }, 'Careline')).toEqual({
      to: '0771234567',
      body: 'Careline: Our staff replied to your chat. Open the chat to read it.',
    });
    expect(chatReplySmsFor({ accountMobileNo: '0771234567', language: 'si' }, 'Careline')?.body).toBe(
      'Careline: අපගේ කාර්ය මණ්ඩලය ඔබගේ කතාබහට පිළිතුරු දී ඇත. එය කියවීමට කතාබහ විවෘත කරන්න.',
    );
    expect(chatReplySmsFor({ accountMobileNo: '0771234567', language: 'ta' }, 'Careline')?.body).toBe(
      'Careline: எங்கள் ஊழியர்கள் உங்கள் அரட்டைக்குப் பதிலளித்துள்ளனர். அதைப் படிக்க அரட்டையைத் திறக்கவும்.',
    );
  });

  it('none without the profile or a mobile', () => {
    expect(chatReplySmsFor(undefined, 'Careline')).toBeNull();
    expect(chatReplySmsFor({ accountMobileNo: '', language: 'en' }, 'Careline')).toBeNull();
  });
});

describe('typing events are throttled, presence is remembered', () => {
  it('passes one typing event per side of a chat per gap', async () => {
    const presence = memoryPresence();
    expect(await typingDue(presence, 'chat-a', 'staff', now)).toBe(true);
    expect(await typingDue(presence, 'chat-a', 'staff', new Date(now.getTime() + CHAT_TYPING_MIN_GAP_MS - 1))).toBe(false);
    // The other side and another chat are separate.
    expect(await typingDue(presence, 'chat-a', 'patient', now)).toBe(true);
    expect(await typingDue(presence, 'chat-b', 'staff', now)).toBe(true);
    expect(await typingDue(presence, 'chat-a', 'staff', new Date(now.getTime() + CHAT_TYPING_MIN_GAP_MS))).toBe(true);
  });

  it('a patient is last seen when they act or their live chat ends', async () => {
    const presence = memoryPresence();
    expect(await patientLastSeen(presence, 't', 'account-1')).toBeNull();
    await patientSeen(presence, 't', 'account-1', now);
    expect(await patientLastSeen(presence, 't', 'account-1')).toEqual(now);
    const watching = patientWatching(presence, 't', 'account-2');
    expect(await isPatientWatching(presence, 't', 'account-2')).toBe(true);
    expect(await patientLastSeen(presence, 't', 'account-2')).toBeNull();
    expect(await watching.leave()).toBe(true);
    expect(await watching.leave()).toBe(false);
    expect(await isPatientWatching(presence, 't', 'account-2')).toBe(false);
    expect(await patientLastSeen(presence, 't', 'account-2')).not.toBeNull();
  });

  it('an agent is online while any of their inboxes is open', async () => {
    const presence = memoryPresence();
    const first = agentOnline(presence, 't', 'hospital-1');
    const second = agentOnline(presence, 't', 'hospital-1');
    expect(await isAgentOnline(presence, 't', 'hospital-1')).toBe(true);
    expect(await isAgentOnline(presence, 't', 'hospital-2')).toBe(false);
    expect(await first.leave()).toBe(false);
    expect(await isAgentOnline(presence, 't', 'hospital-1')).toBe(true);
    expect(await second.leave()).toBe(true);
    expect(await isAgentOnline(presence, 't', 'hospital-1')).toBe(false);
  });
});
