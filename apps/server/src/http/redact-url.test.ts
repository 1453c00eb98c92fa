import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.ts';

describe('redactUrl: no token in a log line or a span', () => {
  it.each([
    ['/graphql?access_token=abc.def', '/graphql?access_token=[redacted]'],
    ['/chat-home?lang=si&token=xyz&x=1', '/chat-home?lang=si&token=[redacted]&x=1'],
    ['/blob/get?accessToken=xyz', '/blob/get?accessToken=[redacted]'],
    ['/graphql?ACCESS_TOKEN=xyz', '/graphql?ACCESS_TOKEN=[redacted]'],
    ['/graphql?query=%7B__typename%7D', '/graphql?query=%7B__typename%7D'],
    ['/mytoken=abc', '/mytoken=abc'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
