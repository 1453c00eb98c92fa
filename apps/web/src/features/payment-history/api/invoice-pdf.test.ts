import { describe, expect, it } from 'vitest';
import { downloadInvoicePdf, invoicePdfPath } from './invoice-pdf.ts';

describe('downloadInvoicePdf (spec doc 2 §2 Download as PDF → Invoice.pdf)', () => {
  it('fetches the payment’s PDF with the token and saves it as Invoice.pdf', async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const saved: { name: string; type: string }[] = [];
    await downloadInvoicePdf('pay 1', {
      fetch: async (url, init) => {
        requests.push({ url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url, headers: init?.headers as Record<string, string> });
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 });
      },
      accessToken: () => 'token-1',
      save: (file, name) => saved.push({ name, type: file.type }),
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('/payments/pay%201/invoice.pdf');
    expect(requests[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(requests[0]?.headers['X-Correlation-Id']).toBeTruthy();
    expect(saved).toEqual([{ name: 'Invoice.pdf', type: 'application/pdf' }]);
  });

  it('throws on an error answer and saves nothing', async () => {
    const saved: string[] = [];
    await expect(
      downloadInvoicePdf('p1', {
        fetch: async () => new Response('ARO-E2001:Not found', { status: 404 }),
        accessToken: () => null,
        save: (_file, name) => saved.push(name),
      }),
    ).rejects.toThrow(/404/);
    expect(saved).toEqual([]);
  });

  it('names the route', () => {
    expect(invoicePdfPath('p1')).toBe('/payments/p1/invoice.pdf');
  });
});
