import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client.ts';
import { filterSetName, preparedStatement } from './prepared.ts';

describe('preparedStatement', () => {
  it('builds a statement once per database handle and name', () => {
    const db = {} as DbOrTx;
    const tx = {} as DbOrTx;
    const built: string[] = [];
    const build = (name: string) => {
      built.push(name);
      return { name };
    };
    const first = preparedStatement(db, 'session_search_3', build);
    expect(preparedStatement(db, 'session_search_3', build)).toBe(first);
    expect(preparedStatement(db, 'session_search_5', build)).not.toBe(first);
    expect(preparedStatement(tx, 'session_search_3', build)).not.toBe(first);
    expect(built).toEqual(['session_search_3', 'session_search_5', 'session_search_3']);
  });

  it('refuses a name PostgreSQL would cut short (at most 63 bytes)', () => {
    expect(() => preparedStatement({} as DbOrTx, 'x'.repeat(64), () => ({}))).toThrow(/63 bytes/);
  });

  it('names a statement of optional filters by the set it has, whatever order they are listed in', () => {
    const all = ['id', 'startTimeFrom', 'statuses', 'practitionerIds'] as const;
    expect(filterSetName('session_search', all, [])).toBe('session_search_0');
    expect(filterSetName('session_search', all, ['startTimeFrom', 'practitionerIds'])).toBe('session_search_10');
    expect(filterSetName('session_search', all, ['practitionerIds', 'startTimeFrom'])).toBe('session_search_10');
  });
});
