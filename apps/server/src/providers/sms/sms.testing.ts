import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CapturedRequest = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** A fake SMS provider on 127.0.0.1 for adapter tests: records requests, answers as told. */
export type FakeProvider = {
  baseUrl: string;
  requests: CapturedRequest[];
  /** What the next requests get; 'hang' never answers (for timeouts). */
  answer: { status: number; body: string } | 'hang';
  close: () => Promise<void>;
};

/** Starts a fake provider on a free port (tests only). */
export async function startFakeProvider(): Promise<FakeProvider> {
  const fake: FakeProvider = {
    baseUrl: '',
    requests: [],
    answer: { status: 200, body: '{}' },
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      fake.requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const answer = fake.answer;
      if (answer === 'hang') {
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.baseUrl = `http://127.0.0.1:${port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
