import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseTenantConfig, deepMerge, type FeatureFlags } from '@careline/domain/tenant';
import { renderEnglishText } from '@careline/i18n/server';
import { chatScreen, chatScreenData, chatScreenDocuments, chatWelcomeLines, type ChatPageContext, type ScreenUpcoming } from './web-app.chat.ts';
import { pageCookieScreens } from './web-app.ts';

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const clientDocuments = ['../../web/src/lib/session/account-query.ts', '../../web/src/app/chat-composition.tsx']
  .map((file) => fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8'))
  .join('\n');

describe("the server's /chat-home (issue 33 §1)", () => {
  it.each(Object.entries(chatScreenDocuments))('asks %s exactly as the app does', (_name, document) => {
    expect(squash(clientDocuments)).toContain(squash(document));
  });

  it('reads the page cookie for /view/appointment and /chat-home only', () => {
    expect([...pageCookieScreens]).toEqual(['/view/appointment', '/chat-home']);
  });

  it('leaves an account without a profile to the app (its registration step)', async () => {
    const asked: string[] = [];
    const data = await chatScreenData((operation) => {
      asked.push(operation);
      return Promise.resolve({ queryOneProfile: { patients: [] } });
    });
    expect(data).toBeNull();
    expect(asked).toEqual(['queryOneProfile']);
  });
});

describe("the server's chat welcome as the app says it (issue 33 §1)", () => {
  const upcoming: ScreenUpcoming = {
    id: 'a-1',
    sessionId: 's-1',
    patientDisplayName: 'Mr. Kamal <Fernando>',
    tokenNo: 7,
    start: '2026-12-06T04:30:00.000Z',
    doctorName: 'Dr. Nimal "Perera"',
    organizationName: 'Colombo & Co',
  };
  // 06:30 in Colombo (01:00 UTC): morning there, though not in UTC's evening.
  const context: ChatPageContext = {
    locale: 'en',
    hospital: 'Careline <Hospital>',
    logoSrc: '/logo.svg',
    now: new Date('2026-12-04T01:00:00Z'),
    features: baseTenantConfig.features,
    appVersion: '3.13.0',
  };
  const page = (upcomingList: ScreenUpcoming[], fields: Partial<ChatPageContext> = {}) =>
    chatScreen({ upcoming: upcomingList, answers: [] }, { ...context, ...fields }, 'owner-1');

  it('greets by the hospital clock, tells the upcoming appointments, then asks the menu question', () => {
    expect(chatWelcomeLines({ upcoming: [upcoming] }, context).map((line) => line.text)).toEqual([
      'Good morning',
      'Here are your upcoming appointments.',
      '',
      'How can I help you today?',
    ]);
    expect(chatWelcomeLines({ upcoming: [] }, { ...context, now: new Date('2026-12-04T12:00:00Z') }).map((line) => line.text)).toEqual([
      'Good evening',
      'How can I help you today?',
    ]);
  });

  it('writes the appointment escaped, with its token and its link', () => {
    const { html } = page([upcoming]);
    expect(html).toContain('Dr. Nimal &quot;Perera&quot;');
    expect(html).toContain('Mr. Kamal &lt;Fernando&gt;');
    expect(html).toContain('Colombo &amp; Co');
    expect(html).toContain('Careline &lt;Hospital&gt; · v3.13.0');
    expect(html).toContain('href="/view/appointment?sessionId=s-1&amp;appointmentId=a-1"');
    expect(html).toContain('Token No. 7');
    // 04:30 UTC is 10:00 at the hospital (Asia/Colombo), whatever the server's zone.
    expect(html).toContain('6th Dec (Sun), 10:00 AM');
    expect(html).not.toContain('<Fernando>');
    // The lines for the app, in a JSON block a name cannot close.
    expect(html).toContain('id="careline-server-chat"');
    expect(html.split('</script>').length - 1).toBe(2);
  });

  it("writes the menu's buttons by the tenant's flags, each a form to its route without script", () => {
    const { html } = page([]);
    for (const label of ['Book a Doctor', 'Video Channel', 'Online Pharmacy', 'What is my upcoming', 'Show my profile']) {
      expect(html).toContain(`data-careline-carry="">${label}</button>`);
    }
    expect(html).toContain('<form class="server-chat-');
    expect(html).toContain('action="/doctor"><input type="hidden" name="type" value="video" />');
    expect(html).toContain('action="/chat-home/Medication">');
    expect(html).toContain('action="/history/appointments">');
    const withoutPharmacy: FeatureFlags = deepMerge(baseTenantConfig.features, { medicationOrder: { enabled: false } });
    expect(page([], { features: withoutPharmacy }).html).not.toContain('Online Pharmacy');
  });

  it('paces the lines and the buttons with CSS (typing at 300 ms), in the style the page hashes', () => {
    const screen = page([upcoming]);
    expect(screen.style).toContain('@keyframes server-chat-show');
    expect(screen.style).toContain('animation:server-chat-show 0s 0.7s both');
    expect(screen.html).toContain('chat-typing');
    expect(screen.html).toContain('data-careline-takeover="/chat-home"');
    expect(screen.html).toContain('data-careline-owner="owner-1"');
    expect(screen.html).toContain('data-careline-settled=".chat-suggestions button"');
  });

  it('writes the texts in Sinhala and Tamil from the catalogue', () => {
    for (const locale of ['si', 'ta'] as const) {
      const { html, lang } = page([upcoming], { locale });
      expect(lang).toBe(locale);
      expect(html).not.toContain('>How can I help you today?<');
      expect(html).toContain(renderEnglishText(locale, 'How can I help you today?'));
      expect(html).toContain(renderEnglishText(locale, 'Book a Doctor'));
      expect(html).not.toContain('>Book a Doctor<');
    }
  });
});
