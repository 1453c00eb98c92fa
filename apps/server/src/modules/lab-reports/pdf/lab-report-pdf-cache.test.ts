import { describe, expect, it, vi } from 'vitest';
import { createLabReportPdfCache } from './lab-report-pdf-cache.ts';

const pdf = (text: string): Buffer => Buffer.from(`%PDF-${text}`);

describe('createLabReportPdfCache (issue 11: cache it until the report changes)', () => {
  it('renders once per report and version, and again when the version changes', async () => {
    const cache = createLabReportPdfCache();
    const render = vi.fn(() => Promise.resolve(pdf('v1')));
    expect((await cache.getOrRender('report-1', 'v1', render)).toString()).toBe('%PDF-v1');
    expect((await cache.getOrRender('report-1', 'v1', render)).toString()).toBe('%PDF-v1');
    expect(render).toHaveBeenCalledTimes(1);

    const renderAgain = vi.fn(() => Promise.resolve(pdf('v2')));
    expect((await cache.getOrRender('report-1', 'v2', renderAgain)).toString()).toBe('%PDF-v2');
    expect(renderAgain).toHaveBeenCalledTimes(1);
    expect(cache.stats()).toEqual({ entries: 1, bytes: pdf('v2').length });
  });

  it('keeps reports apart: another report id renders its own PDF', async () => {
    const cache = createLabReportPdfCache();
    await cache.getOrRender('report-1', 'v1', () => Promise.resolve(pdf('one')));
    const other = await cache.getOrRender('report-2', 'v1', () => Promise.resolve(pdf('two')));
    expect(other.toString()).toBe('%PDF-two');
  });

  it('shares one render between overlapping requests for the same version', async () => {
    const cache = createLabReportPdfCache();
    let finish: (bytes: Buffer) => void = () => undefined;
    const render = vi.fn(() => new Promise<Buffer>((resolve) => (finish = resolve)));
    const first = cache.getOrRender('report-1', 'v1', render);
    const second = cache.getOrRender('report-1', 'v1', render);
    finish(pdf('shared'));
    expect((await first).toString()).toBe('%PDF-shared');
    expect((await second).toString()).toBe('%PDF-shared');
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed render', async () => {
    const cache = createLabReportPdfCache();
    await expect(
      cache.getOrRender('report-1', 'v1', () => Promise.reject(new Error('image unreadable'))),
    ).rejects.toThrow('image unreadable');
    expect(cache.stats().entries).toBe(0);
    expect(
      (await cache.getOrRender('report-1', 'v1', () => Promise.resolve(pdf('ok')))).toString(),
    ).toBe('%PDF-ok');
  });

  it('drops the least recently used PDF beyond maxEntries', async () => {
    const cache = createLabReportPdfCache({ maxEntries: 2 });
    await cache.getOrRender('a', 'v1', () => Promise.resolve(pdf('a')));
    await cache.getOrRender('b', 'v1', () => Promise.resolve(pdf('b')));
    await cache.getOrRender('a', 'v1', () => Promise.resolve(pdf('a?'))); // a is now the most recent
    await cache.getOrRender('c', 'v1', () => Promise.resolve(pdf('c')));
    expect(cache.stats().entries).toBe(2);
    const renderA = vi.fn(() => Promise.resolve(pdf('a2')));
    const renderB = vi.fn(() => Promise.resolve(pdf('b2')));
    expect((await cache.getOrRender('a', 'v1', renderA)).toString()).toBe('%PDF-a');
    expect((await cache.getOrRender('b', 'v1', renderB)).toString()).toBe('%PDF-b2');
    expect(renderA).not.toHaveBeenCalled();
    expect(renderB).toHaveBeenCalledTimes(1);
  });

  it('keeps at most maxBytes of PDFs', async () => {
    const cache = createLabReportPdfCache({ maxBytes: 25 });
    await cache.getOrRender('a', 'v1', () => Promise.resolve(Buffer.alloc(10)));
    await cache.getOrRender('b', 'v1', () => Promise.resolve(Buffer.alloc(10)));
    await cache.getOrRender('c', 'v1', () => Promise.resolve(Buffer.alloc(10)));
    expect(cache.stats()).toEqual({ entries: 2, bytes: 20 });
  });

  it('renders again after invalidate', async () => {
    const cache = createLabReportPdfCache();
    await cache.getOrRender('report-1', 'v1', () => Promise.resolve(pdf('old')));
    cache.invalidate('report-1');
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    const render = vi.fn(() => Promise.resolve(pdf('new')));
    expect((await cache.getOrRender('report-1', 'v1', render)).toString()).toBe('%PDF-new');
    expect(render).toHaveBeenCalledTimes(1);
  });
});
