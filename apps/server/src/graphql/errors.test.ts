import { describe, expect, it } from 'vitest';
import { sanitiseError } from './errors.ts';

describe('sanitiseError', () => {
  it('keeps the name, the message before the parameters and the cause code', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    const error = new Error(
      'Failed query: insert into "accounts" ("tenant_id", "mobile_no") values ($1, $2)\nparams: careline-demo,94771234567',
      { cause },
    );
    const logged = sanitiseError(error);
    expect(logged.type).toBe('Error');
    expect(logged.message).toBe(
      'Failed query: insert into "accounts" ("tenant_id", "mobile_no") values ($1, $2)',
    );
    expect(logged.causeCode).toBe('23505');
    expect(JSON.stringify(logged)).not.toContain('94771234567');
    expect(logged.stack).toMatch(/^Error: Failed query/);
  });

  it('cuts a message with params: on the same line', () => {
    expect(sanitiseError(new TypeError('bad row params: 94771234567, Nimal')).message).toBe(
      'bad row',
    );
  });
});
