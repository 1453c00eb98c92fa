import { describe, expect, it } from 'vitest';
import { chatPayloadOf, decodeChatPayload, encodeChatPayload, hasChatControlCharacters } from './chat.payload.ts';
import { CHAT_XSS_PAYLOADS } from './chat.xss-payloads.ts';

const blob = '0b0e8c5e-8f4a-4c59-9d7e-1f2a3b4c5d6e';

describe('chat payloads (spec doc 1 §3: base64 JSON)', () => {
  it('decides the kind from the content', () => {
    expect(decodeChatPayload(chatPayloadOf({ message: 'Hi' })).kind).toBe('message');
    expect(decodeChatPayload(chatPayloadOf({ extensions: { event: 'agent-chat' } })).kind).toBe('event');
    const image = decodeChatPayload(chatPayloadOf({ extensions: { imageUrl: `/get/${blob.toUpperCase()}`, description: 'x' } }));
    expect(image).toMatchObject({ kind: 'documentUpload', imageBlobId: blob, extensions: { imageUrl: `/blob/get/${blob}`, description: 'x' } });
  });

  it('refuses what is not the spec’s shape', () => {
    for (const bad of [
      '',
      '====',
      chatPayloadOf({ message: 'Hi', extra: 1 }),
      chatPayloadOf({ message: 'Hi', extensions: [] }),
      chatPayloadOf({ extensions: { imageUrl: blob, event: 'x' } }),
      chatPayloadOf({ message: '\uD800' }),
      chatPayloadOf({ message: 'Hi', timestamp: 'yesterday' }),
    ]) {
      expect(() => decodeChatPayload(bad), bad).toThrow(/^ARO-E8001:/);
    }
  });

  it('control characters: none anywhere, line breaks only in a message', () => {
    expect(hasChatControlCharacters('a\nb', true)).toBe(false);
    expect(hasChatControlCharacters('a\nb', false)).toBe(true);
    expect(hasChatControlCharacters('a\u009bb', true)).toBe(true);
    expect(hasChatControlCharacters('නමස්කාරය வணக்கம் 👋', false)).toBe(false);
  });

  it('encodes stored text unchanged, markup included', () => {
    for (const text of CHAT_XSS_PAYLOADS) {
      const decoded = decodeChatPayload(chatPayloadOf({ message: text }));
      expect(decoded.message).toBe(text);
      const encoded = encodeChatPayload({ authorRef: 'Patient/x', message: decoded.message, createdTime: new Date(0), extensions: {} });
      expect(JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'))).toEqual({
        authorRef: 'Patient/x',
        message: text,
        timestamp: '1970-01-01T00:00:00.000Z',
        extensions: {},
      });
    }
  });
});
