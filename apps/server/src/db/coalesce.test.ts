import { describe, expect, it } from 'vitest';
import type { DbOrTx } from './client.ts';
import { coalescedRead } from './coalesce.ts';

/** A read whose queries stay open until the test lets each one answer. */
function heldRead(options: { maxBatch: number; lane?: (ask: string) => string }) {
  const queries: { asks: string[]; answer: () => void; fail: (error: Error) => void }[] = [];
  const read = coalescedRead<string, string>({
    ...options,
    read: (_db, asks) =>
      new Promise((resolve, reject) => {
        queries.push({ asks, answer: () => resolve(asks.map((ask) => `row of ${ask}`)), fail: reject });
      }),
  });
  return { read, queries };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedRead', () => {
  it('sends an ask at once when nothing is in flight, and those arriving meanwhile together, in order', async () => {
    const db = {} as DbOrTx;
    const { read, queries } = heldRead({ maxBatch: 10 });
    const first = read(db, 'a');
    expect(queries.map((q) => q.asks)).toEqual([['a']]);
    const later = [read(db, 'b'), read(db, 'c'), read(db, 'd')];
    expect(queries).toHaveLength(1);
    queries[0]?.answer();
    expect(await first).toBe('row of a');
    await flush();
    expect(queries.map((q) => q.asks)).toEqual([['a'], ['b', 'c', 'd']]);
    queries[1]?.answer();
    expect(await Promise.all(later)).toEqual(['row of b', 'row of c', 'row of d']);
    // Nothing in flight again: the next ask goes at once.
    void read(db, 'e');
    expect(queries.at(-1)?.asks).toEqual(['e']);
  });

  it('sends at most maxBatch asks a query', async () => {
    const db = {} as DbOrTx;
    const { read, queries } = heldRead({ maxBatch: 2 });
    const all = ['a', 'b', 'c', 'd', 'e'].map((ask) => read(db, ask));
    for (let i = 0; i < 4; i++) {
      queries[i]?.answer();
      await flush();
    }
    expect(queries.map((q) => q.asks)).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
    expect(await Promise.all(all)).toEqual(['row of a', 'row of b', 'row of c', 'row of d', 'row of e']);
  });

  it('keeps lanes and database handles apart', () => {
    const db = {} as DbOrTx;
    const tx = {} as DbOrTx;
    const { read, queries } = heldRead({ maxBatch: 10, lane: (ask) => ask.split(':')[0] ?? '' });
    void read(db, 'tenant-a:1');
    void read(db, 'tenant-b:1');
    void read(tx, 'tenant-a:2');
    void read(db, 'tenant-a:3');
    expect(queries.map((q) => q.asks)).toEqual([['tenant-a:1'], ['tenant-b:1'], ['tenant-a:2']]);
  });

  it('reads each ask of a failed query again alone: one bad ask fails only itself', async () => {
    const db = {} as DbOrTx;
    const { read, queries } = heldRead({ maxBatch: 10 });
    const first = read(db, 'a');
    const second = read(db, 'bad');
    const third = read(db, 'c');
    queries[0]?.answer();
    await first;
    await flush();
    expect(queries[1]?.asks).toEqual(['bad', 'c']);
    queries[1]?.fail(new Error('invalid input'));
    await flush();
    expect(queries[2]?.asks).toEqual(['bad']);
    queries[2]?.fail(new Error('invalid input'));
    await expect(second).rejects.toThrow('invalid input');
    await flush();
    expect(queries[3]?.asks).toEqual(['c']);
    queries[3]?.answer();
    expect(await third).toBe('row of c');
    await flush();
    // The lane is free again: the next ask goes at once.
    const after = read(db, 'd');
    expect(queries.at(-1)?.asks).toEqual(['d']);
    queries.at(-1)?.answer();
    expect(await after).toBe('row of d');
  });
});
