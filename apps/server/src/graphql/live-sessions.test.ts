import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createLiveSessions, SESSION_ENDED_CLOSE_CODE, type LiveSessionKind } from './live-sessions.ts';

class FakeSocket extends EventEmitter {
  closedWith: number | null = null;
  close(code: number): void {
    this.closedWith = code;
    this.emit('close');
  }
}

describe('live sessions: sockets do not outlive their sign-in', () => {
  it('end() closes every socket of that session and no other', () => {
    const sessions = createLiveSessions(async () => new Set(), 1000);
    const a1 = new FakeSocket();
    const a2 = new FakeSocket();
    const b = new FakeSocket();
    sessions.track('patient', 'a', a1);
    sessions.track('patient', 'a', a1);
    sessions.track('patient', 'a', a2);
    sessions.track('staff', 'b', b);
    sessions.end('a');
    expect([a1.closedWith, a2.closedWith, b.closedWith]).toEqual([SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE, null]);
  });

  it('sweep() asks per kind which sessions are still active and closes the sockets of the rest', async () => {
    const asked: [LiveSessionKind, string[]][] = [];
    const sessions = createLiveSessions(async (kind, ids) => {
      asked.push([kind, [...ids].sort()]);
      return new Set(ids.filter((id) => id.endsWith('-ok')));
    }, 1000);
    const sockets = { 'p-ok': new FakeSocket(), 'p-gone': new FakeSocket(), 's-ok': new FakeSocket(), 's-gone': new FakeSocket() };
    sessions.track('patient', 'p-ok', sockets['p-ok']);
    sessions.track('patient', 'p-gone', sockets['p-gone']);
    sessions.track('staff', 's-ok', sockets['s-ok']);
    sessions.track('staff', 's-gone', sockets['s-gone']);
    expect(await sessions.sweep()).toBe(2);
    expect(asked).toEqual([
      ['patient', ['p-gone', 'p-ok']],
      ['staff', ['s-gone', 's-ok']],
    ]);
    expect(Object.fromEntries(Object.entries(sockets).map(([id, socket]) => [id, socket.closedWith]))).toEqual({
      'p-ok': null,
      'p-gone': SESSION_ENDED_CLOSE_CODE,
      's-ok': null,
      's-gone': SESSION_ENDED_CLOSE_CODE,
    });
  });

  it('forgets a socket that closed by itself, and a session with no socket left', async () => {
    const asked: string[][] = [];
    const sessions = createLiveSessions(async (_kind, ids) => {
      asked.push(ids);
      return new Set();
    }, 1000);
    const socket = new FakeSocket();
    sessions.track('patient', 'a', socket);
    socket.emit('close');
    expect(await sessions.sweep()).toBe(0);
    expect(asked).toEqual([]);
  });
});
