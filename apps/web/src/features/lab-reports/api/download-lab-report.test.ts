import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from '../../../lib/download/download-file.ts';
import { downloadLabReport, labReportPdfPath } from './download-lab-report.ts';

const pdf = (headers: Record<string, string> = {}) =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'content-type': 'application/pdf', ...headers },
  });

describe('downloadLabReport (spec doc 3 §2 Download <date time>, §9 file name)', () => {
  it("fetches /lab-reports/{id}.pdf with the token and saves it under the server's file name", async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const saved: { name: string; type: string }[] = [];
    await downloadLabReport('r 1', {
      fetch: async (url, init) => {
        requests.push({
          url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
          headers: init?.headers as Record<string, string>,
        });
        return pdf({
          'content-disposition': `attachment; filename="Full Blood Count-INV-1.pdf"; filename*=UTF-8''Full%20Blood%20Count-INV-1.pdf`,
        });
      },
      accessToken: () => 'token-1',
      save: (file, name) => saved.push({ name, type: file.type }),
    });
    expect(requests[0]?.url).toBe('/lab-reports/r%201.pdf');
    expect(requests[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(requests[0]?.headers['X-Correlation-Id']).toBeTruthy();
    expect(saved).toEqual([{ name: 'Full Blood Count-INV-1.pdf', type: 'application/pdf' }]);
  });

  it('throws on an error answer, or one that is not a PDF, and saves nothing', async () => {
    const saved: string[] = [];
    const deps = (response: Response) => ({
      fetch: async () => response,
      accessToken: () => null,
      save: (_file: Blob, name: string) => saved.push(name),
    });
    await expect(
      downloadLabReport(
        'r1',
        deps(new Response('{"error":"ARO-E2001:Not found"}', { status: 404 })),
      ),
    ).rejects.toThrow(/404/);
    await expect(
      downloadLabReport(
        'r1',
        deps(new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } })),
      ),
    ).rejects.toThrow();
    expect(saved).toEqual([]);
  });

  it('reads file names, the encoded one first (Sinhala and Tamil names survive)', () => {
    expect(
      fileNameFromDisposition(
        `attachment; filename="___-NOT-PAID.pdf"; filename*=UTF-8''%E0%B6%BB%E0%B6%9A-NOT-PAID.pdf`,
      ),
    ).toBe('රක-NOT-PAID.pdf');
    expect(fileNameFromDisposition('attachment; filename="ESR-NOT-PAID.pdf"')).toBe(
      'ESR-NOT-PAID.pdf',
    );
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(labReportPdfPath('r1')).toBe('/lab-reports/r1.pdf');
  });
});
