import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLogger } from './request-logger.ts';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

// Issue 33 §5: the request's child logger is made at its first line written.
describe('the request logger', () => {
  it('writes the child\'s own line, bound to the correlation id, at an enabled level', () => {
    const { logger, lines } = capture('info');
    const log = requestLogger(logger, { correlationId: 'corr-1' }, {});
    log.info({ route: '/graphql' }, 'incoming request');
    log.error(new Error('boom'), 'failed');
    log.debug('not at info');
    expect(lines.map((line) => [line.msg, line.correlationId, line.level])).toEqual([
      ['incoming request', 'corr-1', 30],
      ['failed', 'corr-1', 50],
    ]);
    expect(lines[0]?.route).toBe('/graphql');
    expect((lines[1]?.err as { message?: string } | undefined)?.message).toBe('boom');
    expect(log.level).toBe('info');
  });

  it('makes no child while nothing is written at an enabled level', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = requestLogger(logger, { correlationId: 'corr-2' }, {});
    log.info('incoming request');
    log.debug('detail');
    log.trace('more');
    expect(child).not.toHaveBeenCalled();
    log.warn('slow');
    log.warn('slow again');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((line) => [line.msg, line.correlationId])).toEqual([
      ['slow', 'corr-2'],
      ['slow again', 'corr-2'],
    ]);
  });

  it('hands on children and its level, and keeps a route\'s own level', () => {
    const { logger, lines } = capture('info');
    const log = requestLogger(logger, { correlationId: 'corr-3' }, {});
    log.child({ job: 'x' }).info('from the child');
    expect(lines.at(-1)).toMatchObject({ msg: 'from the child', correlationId: 'corr-3', job: 'x' });
    log.level = 'error';
    log.warn('now below the level');
    expect(lines.at(-1)?.msg).toBe('from the child');
    const quiet = requestLogger(logger, { correlationId: 'corr-4' }, { level: 'error' });
    quiet.info('a route at error');
    expect(lines.at(-1)?.msg).toBe('from the child');
    expect(quiet.level).toBe('error');
  });
});
