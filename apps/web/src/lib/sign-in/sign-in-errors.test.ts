import { describe, expect, it } from 'vitest';
import { signInErrorText } from './sign-in-errors.ts';

describe('signInErrorText (issue 6 §4.4)', () => {
  it('shows the time a locked number may try again in local time', () => {
    const now = new Date(2030, 0, 6, 8, 0);
    const until = new Date(2030, 0, 6, 17, 45).toISOString();
    expect(signInErrorText(`ARO-E1103:Too many wrong codes for this number. You can try again after ${until}`, now)).toBe(
      'Too many wrong codes for this number. You can try again after 5:45 PM today',
    );
    expect(signInErrorText('ARO-E1015:Invalid verification code', now)).toBe('Invalid verification code');
  });
});
