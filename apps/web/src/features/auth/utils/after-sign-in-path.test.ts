import { describe, expect, it } from 'vitest';
import { afterSignInPath } from './after-sign-in-path.ts';

describe('afterSignInPath (spec doc 1 §2)', () => {
  it.each([
    { patientCount: 0, requestType: null, uxFlow: 'flat', path: '/profiles/registration' },
    { patientCount: 0, requestType: 'consultation', uxFlow: 'chat', path: '/profiles/registration' },
    { patientCount: 1, requestType: 'consultation', uxFlow: 'flat', path: '/doctor' },
    { patientCount: 2, requestType: 'consultation', uxFlow: 'chat', path: '/doctor' },
    { patientCount: 1, requestType: null, uxFlow: 'flat', path: '/home-dashboard' },
    { patientCount: 1, requestType: 'order', uxFlow: 'flat', path: '/home-dashboard' },
    { patientCount: 3, requestType: null, uxFlow: 'chat', path: '/chat-home' },
  ] as const)('$patientCount patients, $requestType, $uxFlow → $path', ({ path, ...input }) => {
    expect(afterSignInPath(input)).toBe(path);
  });
});
