import { describe, expect, it } from 'vitest';
import { readRecentDoctors, rememberRecentDoctor, RECENT_DOCTORS_KEPT, RECENT_DOCTORS_KEY, withRecentDoctor } from './recent-doctors.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => {
      values.set(key, value);
    },
  };
}

const doctor = (id: string) => ({ id, name: `Dr. ${id}`, role: 'Cardiologist' });

describe('recent doctors (spec doc 2 §2)', () => {
  it('puts the doctor just chosen first, once, keeping at most 5', () => {
    let list = [doctor('a'), doctor('b')];
    list = withRecentDoctor(list, doctor('b'));
    expect(list.map((item) => item.id)).toEqual(['b', 'a']);
    for (const id of ['c', 'd', 'e', 'f']) {
      list = withRecentDoctor(list, doctor(id));
    }
    expect(list.map((item) => item.id)).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(list).toHaveLength(RECENT_DOCTORS_KEPT);
  });

  it('remembers across reads', () => {
    const storage = memoryStorage();
    rememberRecentDoctor(storage, doctor('a'));
    rememberRecentDoctor(storage, doctor('b'));
    expect(readRecentDoctors(storage).map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('reads nothing from broken or foreign storage', () => {
    expect(readRecentDoctors(memoryStorage({ [RECENT_DOCTORS_KEY]: '{oops' }))).toEqual([]);
    expect(readRecentDoctors(memoryStorage({ [RECENT_DOCTORS_KEY]: '[{"id":1}]' }))).toEqual([]);
  });
});
