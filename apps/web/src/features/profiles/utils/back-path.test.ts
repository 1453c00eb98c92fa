import { describe, expect, it } from 'vitest';
import { backWithCreatedPatient, safeBackPath, withoutCreatedPatient } from './back-path.ts';

describe('safeBackPath', () => {
  it.each([
    ['/chat-home', '/chat-home'],
    ['/profiles?x=1', '/profiles?x=1'],
    [null, null],
    ['', null],
    ['https://evil.example', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
  ])('%s → %s', (value, path) => {
    expect(safeBackPath(value)).toBe(path);
  });
});

describe('the created profile on the back path (issue 29 §1.5)', () => {
  it.each([
    ['/view/session?sessionId=s1', '/view/session?sessionId=s1&createdPatientId=p-2'],
    ['/order/create', '/order/create?createdPatientId=p-2'],
    ['/view/session?sessionId=s1&createdPatientId=old', '/view/session?sessionId=s1&createdPatientId=p-2'],
  ])('%s → %s', (back, path) => {
    expect(backWithCreatedPatient(back, 'p-2')).toBe(path);
  });

  it('is taken off again, leaving the rest of the address', () => {
    expect(withoutCreatedPatient('/view/session', '?sessionId=s1&createdPatientId=p-2')).toBe('/view/session?sessionId=s1');
    expect(withoutCreatedPatient('/order/create', '?createdPatientId=p-2')).toBe('/order/create');
  });
});
