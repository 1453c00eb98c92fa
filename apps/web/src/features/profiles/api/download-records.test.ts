import { describe, expect, it } from 'vitest';
import { downloadFhirRecords, fhirExportPath, FALLBACK_RECORDS_FILE_NAME } from './download-records.ts';

const bundle = (headers: Record<string, string> = {}) =>
  new Response(new Blob(['{"resourceType":"Bundle"}'], { type: 'application/fhir+json' }), {
    status: 200,
    headers: { 'content-type': 'application/fhir+json; charset=utf-8', ...headers },
  });

describe('downloadFhirRecords (issue 11 part 4)', () => {
  it("fetches /fhir/export/{id} with the token and saves it under the server's file name", async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const saved: { name: string; type: string }[] = [];
    await downloadFhirRecords('p 1', {
      fetch: async (url, init) => {
        requests.push({
          url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
          headers: init?.headers as Record<string, string>,
        });
        return bundle({
          'content-disposition': `attachment; filename="FHIR-records-_____-2026-03-01.json"; filename*=UTF-8''FHIR-records-%E0%B6%9A%E0%B6%B8%E0%B6%BD%E0%B7%8F-2026-03-01.json`,
        });
      },
      accessToken: () => 'token-1',
      save: (file, name) => saved.push({ name, type: file.type }),
    });
    expect(fhirExportPath('p 1')).toBe('/fhir/export/p%201');
    expect(requests[0]?.url).toBe('/fhir/export/p%201');
    expect(requests[0]?.headers.Authorization).toBe('Bearer token-1');
    expect(requests[0]?.headers.Accept).toBe('application/fhir+json');
    expect(saved).toEqual([{ name: 'FHIR-records-කමලා-2026-03-01.json', type: 'application/fhir+json' }]);
  });

  it('names the file itself when the server does not', async () => {
    const saved: string[] = [];
    await downloadFhirRecords('p1', { fetch: async () => bundle(), accessToken: () => 't', save: (_file, name) => saved.push(name) });
    expect(saved).toEqual([FALLBACK_RECORDS_FILE_NAME]);
  });

  it('throws on an error answer, or one that is not FHIR JSON, and saves nothing', async () => {
    const saved: string[] = [];
    const deps = (response: Response) => ({
      fetch: async () => response,
      accessToken: () => null,
      save: (_file: Blob, name: string) => saved.push(name),
    });
    await expect(
      downloadFhirRecords('p1', deps(new Response('{"error":"ARO-E7080:not found"}', { status: 404, headers: { 'content-type': 'application/json' } }))),
    ).rejects.toThrow(/404/);
    await expect(downloadFhirRecords('p1', deps(new Response('<html>', { status: 200, headers: { 'content-type': 'text/html' } })))).rejects.toThrow();
    expect(saved).toEqual([]);
  });
});
