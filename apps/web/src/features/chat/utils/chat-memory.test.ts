import { describe, expect, it } from 'vitest';
import {
  CHAT_MEMORY_MAX_AGE_MS,
  CHAT_MEMORY_MAX_MESSAGES,
  chatMemoryKey,
  forgetChatMemory,
  readChatMemory,
  readRecentOrganizations,
  rememberRecentOrganization,
  saveChatMemory,
} from './chat-memory.ts';
import type { ChatMessage } from './chat-flow.ts';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const NOW = 1_800_000_000_000;
const message = (id: number, text: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  author: 'assistant',
  text,
  tone: 'normal',
  ...extra,
});

describe('the conversation kept on the device (issue 12 §2)', () => {
  it('reads back what was saved for the same account, without the restored marks', () => {
    const storage = memoryStorage();
    saveChatMemory(storage, {
      accountId: 'up-1',
      savedAt: NOW,
      messages: [message(1, 'Good morning', { restored: true }), message(2, 'Your request send to hospital', { link: { href: '/order/view?orderId=o-1', text: 'View order' } })],
      flowStep: 'delivery-mode',
      guide: { any: 'thing' },
    });
    const read = readChatMemory(storage, 'up-1', NOW + 1000);
    expect(read?.flowStep).toBe('delivery-mode');
    expect(read?.messages.map((item) => item.text)).toEqual(['Good morning', 'Your request send to hospital']);
    expect(read?.messages[0]?.restored).toBeUndefined();
    expect(read?.guide).toEqual({ any: 'thing' });
  });

  it("reads back an upload's files, only with the blob service's paths (issue 12 §2)", () => {
    const storage = memoryStorage();
    const image = { name: 'rx.jpg', kind: 'image' as const, path: '/blob/get/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f' };
    const pdf = { name: 'rx.pdf', kind: 'pdf' as const, path: null };
    const save = (files: unknown) =>
      saveChatMemory(storage, {
        accountId: 'up-1',
        savedAt: NOW,
        messages: [message(1, 'rx.jpg, rx.pdf', { author: 'patient', files: files as ChatMessage['files'] })],
        flowStep: 'more-upload-prompt',
        guide: {},
      });
    save([image, pdf]);
    expect(readChatMemory(storage, 'up-1', NOW)?.messages[0]?.files).toEqual([image, pdf]);
    for (const bad of [
      [{ ...image, path: 'https://elsewhere.example/x.jpg' }],
      [{ ...image, path: '/blob/get/../graphql' }],
      [{ ...image, kind: 'video' }],
      [{ kind: 'image', path: null }],
      'rx.jpg',
    ]) {
      save(bad);
      expect(readChatMemory(storage, 'up-1', NOW), JSON.stringify(bad)).toBeNull();
    }
  });

  it("keeps each account's under its own key, and never answers one account with another's", () => {
    const storage = memoryStorage();
    saveChatMemory(storage, { accountId: 'up-1', savedAt: NOW, messages: [message(1, 'secret')], flowStep: null, guide: {} });
    expect(readChatMemory(storage, 'up-2', NOW)).toBeNull();
    // A record copied under another account's key is refused too.
    storage.setItem(chatMemoryKey('up-2'), storage.getItem(chatMemoryKey('up-1')) ?? '');
    expect(readChatMemory(storage, 'up-2', NOW)).toBeNull();
  });

  it('starts with careline., so signing out (clearStoredSession) removes it', () => {
    expect(chatMemoryKey('up-1').startsWith('careline.')).toBe(true);
  });

  it.each([
    ['another version', { version: 2 }],
    ['an old shape', { version: 0, messages: 'old' }],
    ['a message of an unknown author', { messages: [{ id: 1, author: 'robot', text: 'x', tone: 'normal' }] }],
    ['a link out of the app', { messages: [message(1, 'x', { link: { href: 'javascript:alert(1)', text: 'x' } })] }],
    ['a link to another site', { messages: [message(1, 'x', { link: { href: '//evil.example', text: 'x' } })] }],
    ['an unknown step', { flowStep: 'nowhere' }],
    ['a record too old', { savedAt: NOW - CHAT_MEMORY_MAX_AGE_MS - 1 }],
  ])('drops %s instead of reading it', (_name, change) => {
    const storage = memoryStorage();
    storage.setItem(
      chatMemoryKey('up-1'),
      JSON.stringify({ version: 1, accountId: 'up-1', savedAt: NOW, messages: [message(1, 'x')], flowStep: null, guide: {}, ...change }),
    );
    expect(readChatMemory(storage, 'up-1', NOW)).toBeNull();
  });

  it('drops unreadable JSON, and forgets on request', () => {
    const storage = memoryStorage();
    storage.setItem(chatMemoryKey('up-1'), '{not json');
    expect(readChatMemory(storage, 'up-1', NOW)).toBeNull();
    forgetChatMemory(storage, 'up-1');
    expect(storage.getItem(chatMemoryKey('up-1'))).toBeNull();
  });

  it('keeps the newest messages only', () => {
    const storage = memoryStorage();
    const many = Array.from({ length: CHAT_MEMORY_MAX_MESSAGES + 5 }, (_, index) => message(index + 1, `m${index + 1}`));
    saveChatMemory(storage, { accountId: 'up-1', savedAt: NOW, messages: many, flowStep: null, guide: {} });
    const read = readChatMemory(storage, 'up-1', NOW);
    expect(read?.messages).toHaveLength(CHAT_MEMORY_MAX_MESSAGES);
    expect(read?.messages.at(-1)?.text).toBe(`m${CHAT_MEMORY_MAX_MESSAGES + 5}`);
  });

  it('survives storage that refuses to write', () => {
    const storage = memoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => saveChatMemory(storage, { accountId: 'up-1', savedAt: NOW, messages: [], flowStep: null, guide: {} })).not.toThrow();
  });
});

describe('the recent hospital per order service (spec doc 1 §4 suggest-recent-organization)', () => {
  it('remembers lab, medication and procedure apart, per account', () => {
    const storage = memoryStorage();
    rememberRecentOrganization(storage, 'up-1', 'medication', { id: 'org-1', name: 'Colombo' });
    rememberRecentOrganization(storage, 'up-1', 'examination', { id: 'org-2', name: 'Kandy' });
    expect(readRecentOrganizations(storage, 'up-1')).toEqual({
      medication: { id: 'org-1', name: 'Colombo' },
      examination: { id: 'org-2', name: 'Kandy' },
    });
    expect(readRecentOrganizations(storage, 'up-2')).toEqual({});
    rememberRecentOrganization(storage, 'up-1', 'medication', { id: 'org-2', name: 'Kandy' });
    expect(readRecentOrganizations(storage, 'up-1').medication?.id).toBe('org-2');
  });

  it('ignores what it cannot read', () => {
    const storage = memoryStorage();
    storage.setItem('careline.chat.recentOrganizations.up-1', JSON.stringify({ version: 1, byService: { medication: { id: 7 } } }));
    expect(readRecentOrganizations(storage, 'up-1')).toEqual({});
    storage.setItem('careline.chat.recentOrganizations.up-1', 'nope');
    expect(readRecentOrganizations(storage, 'up-1')).toEqual({});
  });
});
