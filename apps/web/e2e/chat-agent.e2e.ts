import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { CHAT_XSS_PAYLOADS } from '../../server/src/modules/chat/chat.xss-payloads.ts';
import {
  appUrl,
  checkScreen,
  collectPageErrors,
  launchBrowser,
  screenshot,
} from './support/index.ts';
import {
  colomboDoctor,
  gql,
  journeyHost,
  signedInPatient,
  signedInPhone,
  staffToken,
  type Patient,
} from './support/journey-setup.ts';
import { photoInPage } from './support/photo.ts';

// Issue 12 §3 and §4, Chat With Hospital through both real UIs on the server the e2e global setup
// starts: with no agent of the hospital online the patient's new chat is suspended ('all staff busy')
// and ending it closes it unanswered; with the Colombo call-centre agent's inbox open (a desktop
// context of the staff console, on Chats) the patient's chat waits in preparation, shows up live in
// the inbox, the agent takes it and answers, the patient sees the answer live, sends a photo the agent
// sees, ends the chat and rates it happy, and the agent's inbox shows it closed. Last, the 50 stored-XSS
// payloads of the server's list (chat.xss-payloads.ts) are posted into one chat through the API
// (sendChat, base64 JSON notes) and read in the patient app and in the staff inbox in Chromium: no
// dialog, no injected element, every text shown literally. The patient app's journeys do not import
// the console's (eslint app boundaries), so the staff page is made here and each of its screens is
// checked with the shared checkScreen (one h1, its title, axe); the phone's screens are checked on
// arrival (newPhonePage) and again once the chat on them changed.

const agentEmail = 'call-centre-agent.colombo@careline.test';
const staffPassword = 'careline-demo-staff';

const chatFields =
  'id status rating hospitalId patientId note { id kind authorRef message extensions { imageUrl description } }';
type ServerChat = {
  id: string;
  status: string;
  rating: number | null;
  hospitalId: string | null;
  patientId: string | null;
  note: {
    id: string;
    kind: string;
    authorRef: string;
    message: string | null;
    extensions: { imageUrl: string | null; description: string | null };
  }[];
};

/** The chat as the patient's account reads it through the API. */
async function chatOnServer(patient: Patient, id: string): Promise<ServerChat> {
  const { queryChat } = await gql<{ queryChat: ServerChat[] }>(
    `query ($id: ID) { queryChat(id: $id) { ${chatFields} } }`,
    { id },
    patient.token,
  );
  const chat = queryChat[0];
  if (!chat) {
    throw new Error(`chat ${id} not found`);
  }
  return chat;
}

/** The account's newest chat through the API. */
async function latestChat(patient: Patient): Promise<ServerChat> {
  const { queryChat } = await gql<{ queryChat: ServerChat[] }>(
    `query { queryChat(limit: 1) { ${chatFields} } }`,
    {},
    patient.token,
  );
  const chat = queryChat[0];
  if (!chat) {
    throw new Error('the account has no chat');
  }
  return chat;
}

/** A patient's note as the spec's base64 JSON payload (spec doc 1 §3; chat.payload.ts). */
function note(patient: Patient, message: string, hospitalId?: string): string {
  const payload = {
    authorRef: `Patient/${patient.patientId}`,
    message,
    timestamp: new Date().toISOString(),
    extensions: hospitalId ? { hospitalId } : {},
  };
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64');
}

/** Records the dialogs a page opens (and dismisses them) and the requests it makes to the payloads' evil host. */
function watchForAttacks(page: Page): { dialogs: string[]; evilRequests: string[] } {
  const seen = { dialogs: [] as string[], evilRequests: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on('request', (request) => {
    if (request.url().includes('evil.example')) {
      seen.evilRequests.push(request.url());
    }
  });
  return seen;
}

/** A desktop-sized page of the staff console on the demo tenant's host. */
async function newStaffPage(
  browser: Browser,
  failureShot: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: appUrl('', journeyHost),
    locale: 'en-US',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  onTestFailed(async () => {
    await screenshot(page, failureShot);
  });
  return { context, page };
}

/** Waits for the console screen whose h1 is `heading`, then checks it (one h1, its title, axe). */
async function staffScreen(page: Page, heading: string, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await checkScreen(page, `staff: ${heading} (${name})`);
  await screenshot(page, name);
}

/** The Colombo call-centre agent signs in and opens Chats; resolves once the inbox is live (the agent online). */
async function agentOnChats(page: Page, shot: string): Promise<void> {
  await page.goto('/staff');
  await staffScreen(page, 'Sign in to the staff console', `${shot}-sign-in`);
  await page.getByLabel('Email address').fill(agentEmail);
  await page.getByLabel('Password', { exact: true }).fill(staffPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await staffScreen(page, 'Home', `${shot}-home`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Chats' }).click();
  await page.getByRole('heading', { level: 1, name: 'Chats with patients' }).waitFor();
  await page.getByText('Live: you are online for patients').waitFor();
  await page.getByRole('heading', { level: 2, name: /^Waiting \(\d+\)$/ }).waitFor();
  await page.getByRole('heading', { level: 2, name: /^In progress \(\d+\)$/ }).waitFor();
  await staffScreen(page, 'Chats with patients', `${shot}-inbox`);
}

/** The phone opens the chat home and taps 'Chat With Hospital'. */
async function openAgentChat(page: Page): Promise<void> {
  await page.goto('/chat-home');
  await page.getByRole('button', { name: 'Chat With Hospital' }).click();
  await page.waitForURL((url) => url.pathname === '/chat-home/agent-chat');
  await page.getByRole('log', { name: 'Chat with hospital staff' }).waitFor();
}

/** Picks the Colombo branch in the hospital picker (the demo has several hospitals). */
async function chooseColombo(page: Page): Promise<void> {
  const hospital = page.getByRole('combobox', { name: 'Hospital' });
  await hospital.waitFor();
  const colombo = await hospital
    .locator('option')
    .evaluateAll(
      (options) =>
        (options as HTMLOptionElement[]).find((option) => option.text.trim().endsWith('Colombo'))
          ?.value ?? '',
    );
  expect(colombo).not.toBe('');
  await hospital.selectOption(colombo);
}

/**
 * Whether an element is on screen at 1280 × 800 as a member would see it (issue 30 §2.6): its box
 * within the viewport, and its centre not hidden by a scroll container clipping it (what is drawn
 * there is the element itself).
 */
async function onScreen(page: Page, locator: Locator): Promise<{ inside: boolean; visible: boolean }> {
  const box = await locator.boundingBox();
  if (!box) {
    throw new Error('the element has no box');
  }
  const visible = await locator.evaluate((element, point) => {
    const drawn = document.elementFromPoint(point.x, point.y);
    return drawn !== null && (element === drawn || element.contains(drawn));
  }, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const inside =
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  return { inside, visible };
}

/** The inbox at 1280 × 800: no scroll container clips its columns, and the page does not scroll sideways. */
async function expectWholeInbox(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const clipped = await page.locator('.chat-inbox .table-scroll').evaluateAll((scrolls) =>
    scrolls.filter((scroll) => scroll.scrollWidth > scroll.clientWidth).length,
  );
  expect(clipped).toBe(0);
}

/** Types a message in the patient's composer and sends it. */
async function patientWrites(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await page
    .getByRole('log', { name: 'Chat with hospital staff' })
    .locator('.agent-chat-text', { hasText: text })
    .waitFor();
}

describe('Chat With Hospital: the patient and the hospital staff (issue 12 §3, §4)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it(
    'with no agent online the new chat is suspended (all staff busy); ending it closes it unanswered',
    { timeout: 240_000 },
    async () => {
      const patient = await signedInPatient('Nuwan');
      const phone = await signedInPhone(browser, patient, 'chat-agent-suspended-failure');
      const { page } = phone;
      page.setDefaultTimeout(60_000);
      const errors = collectPageErrors(page);

      await openAgentChat(page);
      await page
        .getByText('Type your message and a member of the hospital staff will answer you here.')
        .waitFor();
      await chooseColombo(page);
      await checkScreen(page, 'agent chat: new');
      await screenshot(page, 'chat-agent-new');

      await patientWrites(page, 'Is anyone there to help me with my booking?');
      // The status line: 'all staff busy', then what it means.
      await page.getByText(/^all staff busy /).waitFor();
      await page
        .getByText(
          'Your message is kept. A member of staff will answer you as soon as one is free.',
        )
        .waitFor();
      const suspended = await latestChat(patient);
      expect(suspended.status).toBe('suspended');
      await checkScreen(page, 'agent chat: suspended');
      await screenshot(page, 'chat-agent-suspended');

      // Ending a chat nobody took closes it as entered_in_error, without asking for a rating.
      await page.getByRole('button', { name: 'End chat' }).click();
      await page.getByText('This chat was closed before a member of staff answered.').waitFor();
      await page.getByRole('button', { name: 'Start a new chat' }).waitFor();
      expect(
        await page
          .getByRole('group', { name: 'How was your chat with the hospital staff?' })
          .count(),
      ).toBe(0);
      expect((await chatOnServer(patient, suspended.id)).status).toBe('entered_in_error');
      await checkScreen(page, 'agent chat: closed unanswered');
      await screenshot(page, 'chat-agent-entered-in-error');

      expect(errors).toEqual([]);
      await phone.context.close();
    },
  );

  it(
    'the agent’s inbox is open: the chat shows up live, the agent takes it and answers, the patient sees it live, sends a photo, ends and rates; the chat completes',
    { timeout: 480_000 },
    async () => {
      const patient = await signedInPatient('Chandana');
      const name = `Mr Chandana Fernando`;

      // The agent's console on Chats, live: the agent counts as online for the Colombo branch.
      const staff = await newStaffPage(browser, 'chat-agent-staff-failure');
      const desk = staff.page;
      const deskErrors = collectPageErrors(desk);
      await agentOnChats(desk, 'chat-agent-staff');

      // The patient writes: the chat waits in preparation.
      const phone = await signedInPhone(browser, patient, 'chat-agent-live-failure');
      const { page } = phone;
      page.setDefaultTimeout(60_000);
      const phoneErrors = collectPageErrors(page);
      await openAgentChat(page);
      await chooseColombo(page);
      const question = 'Hello, can I change the time of my appointment on Friday?';
      await patientWrites(page, question);
      await page.getByText('connecting to hospital staff', { exact: true }).waitFor();
      const chat = await latestChat(patient);
      expect(chat.status).toBe('preparation');
      await checkScreen(page, 'agent chat: preparation');
      await screenshot(page, 'chat-agent-preparation');

      // It shows up in the agent's Waiting queue without a reload.
      const take = desk.getByRole('button', { name: `Take the chat with ${name}` });
      await take.waitFor();
      await desk.getByRole('link', { name: `Open the chat with ${name}` }).waitFor();
      // issue 30 §2.6: at 1280 × 800 every column is on screen, Take and Unanswered included.
      await expectWholeInbox(desk);
      const waitingQueue = desk.getByRole('region', { name: /^Waiting \(\d+\)$/ });
      for (const target of [
        take,
        waitingQueue.getByRole('columnheader', { name: 'Unanswered' }),
        waitingQueue.getByRole('columnheader', { name: 'Started' }),
      ]) {
        expect(await onScreen(desk, target), String(target)).toEqual({ inside: true, visible: true });
      }
      await checkScreen(desk, 'staff: Chats with patients (a chat waiting)');
      await screenshot(desk, 'chat-agent-staff-waiting');

      // The agent takes it: in_progress, and the patient sees someone answering.
      await take.click();
      await desk.waitForURL((url) => url.pathname === `/staff/chats/${chat.id}`);
      await desk.getByRole('heading', { level: 2, name: `Chat with ${name}` }).waitFor();
      await desk
        .locator('.chat-conversation__meta')
        .getByText('In progress', { exact: true })
        .waitFor();
      await desk.getByRole('heading', { level: 2, name: 'In progress (1)' }).waitFor();
      const deskLog = desk.getByRole('log', { name: `Messages with ${name}` });
      await deskLog.getByText(question, { exact: true }).waitFor();
      await page.getByText('A member of the hospital staff is answering you.').waitFor();
      expect((await chatOnServer(patient, chat.id)).status).toBe('in_progress');

      // With the chat open the reply box, Send and the patient panel are above the fold, beside the
      // inbox, whose columns still all show; the messages scroll inside the conversation.
      await desk
        .getByRole('complementary', { name: 'About the patient' })
        .getByRole('heading', { level: 3, name: 'Profiles of this account' })
        .waitFor();
      await desk.evaluate(() => window.scrollTo(0, 0));
      await expectWholeInbox(desk);
      for (const target of [
        desk.getByLabel('Your reply'),
        desk.getByRole('button', { name: 'Send', exact: true }),
        desk.getByRole('heading', { level: 2, name: 'About the patient' }),
        desk.getByRole('region', { name: /^In progress \(\d+\)$/ }).getByRole('columnheader', { name: 'Unanswered' }),
      ]) {
        expect(await onScreen(desk, target), String(target)).toEqual({ inside: true, visible: true });
      }

      // The agent answers; the patient sees it live.
      const answer = 'Yes, of course. Which time would suit you better?';
      await desk.getByLabel('Your reply').fill(answer);
      await desk.getByRole('button', { name: 'Send', exact: true }).click();
      await deskLog.getByText(answer, { exact: true }).waitFor();
      await page
        .getByRole('log', { name: 'Chat with hospital staff' })
        .getByText(answer, { exact: true })
        .waitFor();
      await checkScreen(desk, 'staff: Chats with patients (answered)');
      await screenshot(desk, 'chat-agent-staff-answered');
      await checkScreen(page, 'agent chat: the staff answered');
      await screenshot(page, 'chat-agent-answered');

      // The patient sends a photo; both sides show it.
      const photo = await photoInPage(page, 800, 600, 0.8, {
        text: 'Appointment card 12/03',
        seed: 7,
      });
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.locator('button.chat-button', { hasText: 'Send an image' }).click(),
      ]);
      await chooser.setFiles({
        name: 'appointment-card.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      const shown = page
        .getByRole('log', { name: 'Chat with hospital staff' })
        .getByRole('img', { name: 'Image' });
      await shown.waitFor();
      await expect
        .poll(() =>
          shown.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
        )
        .toBe(true);
      const withImage = await chatOnServer(patient, chat.id);
      const imageNote = withImage.note.find((item) => item.kind === 'documentUpload');
      expect(imageNote?.extensions.imageUrl).toMatch(/^\/blob\/get\/[0-9a-f-]{36}$/);
      const seen = deskLog.getByRole('img', { name: `Image from ${name}` });
      await seen.waitFor();
      await expect
        .poll(() =>
          seen.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
        )
        .toBe(true);
      await checkScreen(page, 'agent chat: the photo sent');
      await screenshot(page, 'chat-agent-photo');
      await checkScreen(desk, 'staff: Chats with patients (the photo)');
      await screenshot(desk, 'chat-agent-staff-photo');

      // The patient ends the chat (completed, as staff took it) and rates it happy (1).
      await page.getByRole('button', { name: 'End chat' }).click();
      await page.getByText('This chat has ended.').waitFor();
      const rating = page.getByRole('group', {
        name: 'How was your chat with the hospital staff?',
      });
      await rating.waitFor();
      await checkScreen(page, 'agent chat: rate');
      await screenshot(page, 'chat-agent-rate');
      await rating.getByRole('button', { name: 'Happy', exact: true }).click();
      await page.getByText('Thank you for your rating.').waitFor();
      await page.getByRole('button', { name: 'Start a new chat' }).waitFor();
      const done = await chatOnServer(patient, chat.id);
      expect(done.status).toBe('completed');
      expect(done.rating).toBe(1);
      await checkScreen(page, 'agent chat: rated');
      await screenshot(page, 'chat-agent-rated');

      // The agent's console follows: the chat is completed and no longer in progress.
      await desk
        .locator('.chat-conversation__meta')
        .getByText('Completed', { exact: true })
        .waitFor();
      await desk.getByText('This chat has ended.').waitFor();
      await desk.getByRole('heading', { level: 2, name: 'In progress (0)' }).waitFor();
      expect(await desk.getByRole('link', { name: `Open the chat with ${name}` }).count()).toBe(0);
      expect(await desk.getByRole('textbox', { name: 'Your reply' }).count()).toBe(0);
      await checkScreen(desk, 'staff: Chats with patients (completed)');
      await screenshot(desk, 'chat-agent-staff-completed');

      expect(phoneErrors).toEqual([]);
      expect(deskErrors).toEqual([]);
      await phone.context.close();
      await staff.context.close();
    },
  );

  it(
    'the 50 stored-XSS payloads stay inert text in the patient app and in the staff inbox (Chromium)',
    { timeout: 480_000 },
    async () => {
      expect(CHAT_XSS_PAYLOADS).toHaveLength(50);
      const patient = await signedInPatient('Xavier');
      const name = 'Mr Xavier Fernando';
      const { organizationId } = await colomboDoctor();

      // Through the API, as the patient app would send them: prepareChat with the first, sendChat with each other.
      const [first, ...rest] = CHAT_XSS_PAYLOADS;
      if (first === undefined) {
        throw new Error('no payloads');
      }
      const { prepareChat } = await gql<{ prepareChat: { id: string } }>(
        'mutation ($n: [String!]!, $p: ID!, $h: ID) { prepareChat(note: $n, patientId: $p, hospitalId: $h) { id } }',
        { n: [note(patient, first, organizationId)], p: patient.patientId, h: organizationId },
        patient.token,
      );
      const chatId = prepareChat.id;
      for (const payload of rest) {
        await gql(
          'mutation ($id: ID!, $m: String!, $a: String) { sendChat(id: $id, message: $m, authorRef: $a) { id } }',
          {
            id: chatId,
            m: note(patient, payload),
            a: `Patient/${patient.patientId}`,
          },
          patient.token,
        );
      }
      // The server stores and answers them exactly as sent.
      const stored = await chatOnServer(patient, chatId);
      expect(stored.note.map((item) => item.message)).toEqual([...CHAT_XSS_PAYLOADS]);

      /** What a chat log holds beyond the app's own markup, and its message texts. */
      const inspect = (page: Page, log: string, textSelector: string, allowed: string[]) =>
        page.evaluate(
          ({ logSelector, text, tags }) => {
            const root = document.querySelector(logSelector);
            if (!root) {
              throw new Error(`no ${logSelector}`);
            }
            const foreign = Array.from(root.querySelectorAll('*'))
              .filter((element) => !tags.includes(element.tagName))
              .map((element) => element.outerHTML.slice(0, 80));
            // Anywhere in the document: an event-handler attribute, or an element a payload would have made.
            const handlers = Array.from(document.querySelectorAll('*'))
              .filter((element) =>
                Array.from(element.attributes).some((attribute) =>
                  attribute.name.toLowerCase().startsWith('on'),
                ),
              )
              .map((element) => element.outerHTML.slice(0, 80));
            const injected = Array.from(
              document.querySelectorAll(
                'iframe, frame, object, embed, marquee, details, dialog, video, audio, math, base, form[action^="javascript"], ' +
                  'a[href^="javascript" i], a[href^="data:" i], meta[http-equiv="refresh" i], link[rel="import"], x, [contenteditable], [autofocus], [srcdoc]',
              ),
            ).map((element) => element.outerHTML.slice(0, 80));
            const scripts = Array.from(document.querySelectorAll('script'))
              .filter(
                (script) =>
                  /alert|evil\.example|fromCharCode/.test(script.textContent ?? '') ||
                  (script.src !== '' && new URL(script.src).origin !== window.location.origin),
              )
              .map((script) => script.outerHTML.slice(0, 80));
            const texts = Array.from(root.querySelectorAll(text)).map(
              (element) => element.textContent ?? '',
            );
            return { foreign, handlers, injected, scripts, texts };
          },
          { logSelector: log, text: textSelector, tags: allowed },
        );

      // The patient app: the chat is the account's open one, resumed at /chat-home/agent-chat.
      const phone = await signedInPhone(browser, patient, 'chat-agent-xss-patient-failure');
      const { page } = phone;
      page.setDefaultTimeout(60_000);
      const phoneAttacks = watchForAttacks(page);
      const phoneErrors = collectPageErrors(page);
      await page.goto('/chat-home/agent-chat');
      const patientLog = page.getByRole('log', { name: 'Chat with hospital staff' });
      await expect
        .poll(() => patientLog.locator('.agent-chat-text').count(), { timeout: 60_000 })
        .toBe(50);
      const onPhone = await inspect(page, '.agent-chat-log', '.agent-chat-text', [
        'P',
        'DIV',
        'SPAN',
        'TIME',
      ]);
      expect(onPhone.texts).toEqual([...CHAT_XSS_PAYLOADS]);
      expect(onPhone.foreign).toEqual([]);
      expect(onPhone.handlers).toEqual([]);
      expect(onPhone.injected).toEqual([]);
      expect(onPhone.scripts).toEqual([]);
      for (const payload of [
        '<script>alert(1)</script>',
        '<img src=x onerror=alert(1)>',
        '<iframe src="javascript:alert(1)"></iframe>',
      ]) {
        await patientLog.getByText(payload, { exact: true }).waitFor();
      }
      await checkScreen(page, 'agent chat: the XSS payloads');
      await screenshot(page, 'chat-agent-xss-patient');

      // The staff inbox: the Colombo agent opens the waiting chat.
      const staff = await newStaffPage(browser, 'chat-agent-xss-staff-failure');
      const desk = staff.page;
      const deskAttacks = watchForAttacks(desk);
      const deskErrors = collectPageErrors(desk);
      await agentOnChats(desk, 'chat-agent-xss-staff');
      await desk.getByRole('link', { name: `Open the chat with ${name}` }).click();
      await desk.waitForURL((url) => url.pathname === `/staff/chats/${chatId}`);
      const deskLog = desk.getByRole('log', { name: `Messages with ${name}` });
      await expect
        .poll(() => deskLog.locator('.chat-note__text').count(), { timeout: 60_000 })
        .toBe(50);
      const onDesk = await inspect(desk, '.chat-log', '.chat-note__text', [
        'OL',
        'LI',
        'P',
        'STRONG',
        'TIME',
      ]);
      expect(onDesk.texts).toEqual([...CHAT_XSS_PAYLOADS]);
      expect(onDesk.foreign).toEqual([]);
      expect(onDesk.handlers).toEqual([]);
      expect(onDesk.injected).toEqual([]);
      expect(onDesk.scripts).toEqual([]);
      await checkScreen(desk, 'staff: Chats with patients (the XSS payloads)');
      await screenshot(desk, 'chat-agent-xss-staff');

      // Still nothing fired on either page, and nothing reached the payloads' host.
      await patientLog.locator('.agent-chat-text').first().scrollIntoViewIfNeeded();
      await deskLog.locator('.chat-note__text').first().scrollIntoViewIfNeeded();
      expect(phoneAttacks).toEqual({ dialogs: [], evilRequests: [] });
      expect(deskAttacks).toEqual({ dialogs: [], evilRequests: [] });
      expect(phoneErrors).toEqual([]);
      expect(deskErrors).toEqual([]);

      // The chat ends unanswered, so the account can start another.
      await gql(
        'mutation ($id: ID!) { patchChat(id: $id, status: "completed") { id } }',
        { id: chatId },
        patient.token,
      );
      expect((await chatOnServer(patient, chatId)).status).toBe('entered_in_error');
      await phone.context.close();
      await staff.context.close();
    },
  );

  it(
    'a staff reply sent the moment the chat is created, before the phone subscribes, shows on the phone (issue 29 §9)',
    { timeout: 240_000 },
    async () => {
      const patient = await signedInPatient('Anoma');
      const { organizationId } = await colomboDoctor();
      const staff = await staffToken();
      const phone = await signedInPhone(browser, patient, 'chat-agent-race-failure');
      const { page } = phone;
      page.setDefaultTimeout(60_000);
      const errors = collectPageErrors(page);
      const reply = 'Good morning, the clinic opens at 8.';

      // The worst moment: prepareChat has created the chat, the staff reply is written, and only
      // then does the phone get the answer (without the reply) and subscribe to the chat.
      let replied = false;
      await page.route('**/graphql', async (route) => {
        const request = route.request();
        if (request.method() !== 'POST' || !(request.postData() ?? '').includes('agentChatPrepare')) {
          await route.continue();
          return;
        }
        const response = await route.fetch();
        const body = (await response.json()) as { data?: { prepareChat?: { id: string } | null } };
        const chatId = body.data?.prepareChat?.id;
        if (chatId) {
          await gql(
            'mutation ($o: ID!, $id: ID!, $m: String) { staffReplyChat(organizationId: $o, id: $id, message: $m) { id } }',
            { o: organizationId, id: chatId, m: reply },
            staff,
          );
          replied = true;
        }
        await route.fulfill({ response, json: body });
      });

      await openAgentChat(page);
      await chooseColombo(page);
      await patientWrites(page, 'Is the clinic open this morning?');
      const log = page.getByRole('log', { name: 'Chat with hospital staff' });
      await log.getByText(reply, { exact: true }).waitFor();
      expect(replied).toBe(true);
      await page.getByText('A member of the hospital staff is answering you.').waitFor();
      await checkScreen(page, 'agent chat: the reply sent as the chat began');
      await screenshot(page, 'chat-agent-race');

      const chat = await latestChat(patient);
      await gql('mutation ($id: ID!) { patchChat(id: $id, status: "completed") { id } }', { id: chat.id }, patient.token);
      expect(errors).toEqual([]);
      await phone.context.close();
    },
  );
});
