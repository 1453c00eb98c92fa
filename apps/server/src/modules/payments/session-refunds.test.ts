import { describe, expect, it } from 'vitest';
import { sessionRefundSmsText } from './session-refunds.service.ts';

// Issue 32 §2.5: the one SMS of a refunded appointment of a cancelled session, in the account's
// language, with the session's time in the hospital's zone (Asia/Colombo: 12:00Z is 5:30 pm).
describe('sessionRefundSmsText', () => {
  const details = {
    hospitalName: 'Asiri Central',
    doctorName: 'Dr. Nimal Perera',
    startTime: new Date('2026-12-01T12:00:00Z'),
    amount: 'LKR 2500.00',
    link: 'https://app.test/view/appointment?sessionId=s&appointmentId=a',
  };

  it.each([
    [
      null,
      'card',
      "Asiri Central: Dr. Nimal Perera's session on Tue 1 Dec, 5:30 pm is cancelled. LKR 2500.00 has been refunded to your card. Book another session of this doctor: https://app.test/view/appointment?sessionId=s&appointmentId=a",
    ],
    [
      'en',
      'desk',
      "Asiri Central: Dr. Nimal Perera's session on Tue 1 Dec, 5:30 pm is cancelled. Please collect your refund of LKR 2500.00 at the hospital's cash desk. Book another session of this doctor: https://app.test/view/appointment?sessionId=s&appointmentId=a",
    ],
  ] as const)('in %s, back by %s', (language, wayBack, text) => {
    expect(sessionRefundSmsText({ ...details, language, wayBack })).toBe(text);
  });

  it.each([
    ['si', 'card', 'LKR 2500.00 ඔබගේ කාඩ්පතට ආපසු ගෙවා ඇත.'],
    ['ta', 'card', 'LKR 2500.00 உங்கள் அட்டைக்குத் திருப்பி அளிக்கப்பட்டது.'],
    ['si', 'desk', 'ඔබගේ LKR 2500.00 ආපසු ගෙවීම රෝහලේ මුදල් කවුළුවෙන් ලබා ගන්න.'],
    ['ta', 'desk', 'உங்கள் LKR 2500.00 பணத்தை மருத்துவமனையின் காசாளர் மேசையில் பெற்றுக்கொள்ளுங்கள்.'],
    ['en', 'cardPending', 'Your refund of LKR 2500.00 to your card is on its way.'],
    ['si', 'cardPending', 'ඔබගේ කාඩ්පතට LKR 2500.00 ආපසු ගෙවීම සිදු වෙමින් පවතී.'],
    ['ta', 'cardPending', 'உங்கள் அட்டைக்கு LKR 2500.00 பணத்திருப்பம் வந்துகொண்டிருக்கிறது.'],
  ] as const)('in %s, back by %s, names the amount, the doctor and the link', (language, wayBack, part) => {
    const text = sessionRefundSmsText({ ...details, language, wayBack });
    expect(text).toContain(part);
    expect(text).toContain('Dr. Nimal Perera');
    expect(text.endsWith(details.link)).toBe(true);
  });
});
