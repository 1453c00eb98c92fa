import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type CapturedRequest = {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
};

/** One answer of the fake; 'hang' never answers (for timeouts). */
export type FakeAnswer = { status: number; body: string } | 'hang';

/** A fake SMS provider on 127.0.0.1 for adapter tests: records requests, answers as told. */
export type FakeProvider = {
  baseUrl: string;
  /** Every request, with the status it was answered with (null: not answered). */
  requests: (CapturedRequest & { status: number | null })[];
  /** What the next requests get, or a function of the request and how many came before it. */
  answer: FakeAnswer | ((request: CapturedRequest, index: number) => FakeAnswer);
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
      const captured: CapturedRequest = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const answer = typeof fake.answer === 'function' ? fake.answer(captured, fake.requests.length) : fake.answer;
      fake.requests.push({ ...captured, status: answer === 'hang' ? null : answer.status });
      if (answer === 'hang') {
        return;
      }
      // No keep-alive: a reused connection the server closed meanwhile would fail a try before it arrives.
      response.writeHead(answer.status, { 'content-type': 'application/json', connection: 'close' });
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
