import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { latestCode } from '../../../e2e/support/harness.ts';
import { checkScreen, collectPageErrors, launchBrowser, newPhonePage, screenshot } from './support/index.ts';
import {
  appointmentPath,
  book,
  colomboDoctor,
  createSession,
  gql,
  journeyHost,
  shownToken,
  signedInPatient,
  staffToken,
} from './support/journey-setup.ts';

// Issue 32 §4.7, the journey of its "Done when" (Chromium's offline emulation): a signed-in patient
// with a booked appointment opens it once online, then signs in again (a new token of the same
// account); with no connection a reload and a fresh start of the app show the token (the visit pass)
// and its invoice, with "Last updated", not the sign-in form, and the profile cards read as they were;
// a chat message written offline shows as "Waiting to send" and, once the connection is back while
// the patient is on another screen, reaches the server exactly once.

/** A base64 JSON chat note, as the app writes them (spec doc 1 §3). */
const note = (message: string) => Buffer.from(JSON.stringify({ message, timestamp: new Date().toISOString() })).toString('base64');

type ServerChat = { id: string; note: { message: string | null }[] };

/**
 * The names of the operations whose answers the page has kept on the device (the app's IndexedDB
 * database careline-offline; answerKey is owner|name|variables). Opens it only if it exists, so the
 * app's own first opening still creates its stores.
 */
async function keptAnswerNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === 'careline-offline')) {
      return [];
    }
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('careline-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('answers')) {
        return [];
      }
      const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const all = db.transaction('answers', 'readonly').objectStore('answers').getAllKeys();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error ?? new Error('read failed'));
      });
      return keys.map((key) => (typeof key === 'string' ? (key.split('|')[1] ?? '') : ''));
    } finally {
      db.close();
    }
  });
}

/** Signs the patient in again through the API (as the sign-in form would): a new token of the same account. */
async function signInAgain(mobileNo: string): Promise<string> {
  const since = new Date();
  const started = await gql<{ initiateAuthentication: { id: string } }>(
    'mutation ($u: String!) { initiateAuthentication(username: $u) { id } }',
    { u: mobileNo },
  );
  const code = await latestCode(mobileNo, { since });
  const done = await gql<{ completeAuthentication: { accessToken: string } }>(
    'mutation ($id: ID!, $c: Int!) { completeAuthentication(id: $id, verificationCode: $c) { accessToken } }',
    { id: started.initiateAuthentication.id, c: Number(code) },
  );
  return done.completeAuthentication.accessToken;
}

describe('the visit pass works offline (issue 32 §4.7)', () => {
  let browser: Browser;
  let staff: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await staffToken();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows the token and its invoice with no connection after a new sign-in, keeps a chat message waiting and sends it once when back online', async () => {
    const sessionId = await createSession(staff, 1, 'Room Offline Pass');
    const patient = await signedInPatient('Nuwan');
    const booked = await book(patient, sessionId);
    // The patient's open chat with the hospital (no agent online: suspended, 'all staff busy'; still open).
    const { organizationId } = await colomboDoctor();
    const { prepareChat } = await gql<{ prepareChat: ServerChat }>(
      'mutation ($n: [String!]!, $p: ID!, $h: ID) { prepareChat(note: $n, patientId: $p, hospitalId: $h) { id note { message } } }',
      { n: [note('Is the doctor on time today?')], p: patient.patientId, h: organizationId },
      patient.token,
    );
    // Signed in as signedInPhone does, but the token goes in only when none is stored: the new sign-in's
    // token below stays (a second init script would run in an order Playwright leaves undefined).
    const { context, page } = await newPhonePage(browser, { host: journeyHost });
    await context.addInitScript((token: string) => {
      if (!window.localStorage.getItem('accessToken')) {
        window.localStorage.setItem('accessToken', token);
      }
    }, patient.token);
    // On failure: the addresses the page went through, and the online events it saw (each reloads it).
    // Chromium sent the page an offline goto was leaving an online event, whose reload then ran after
    // the goto and brought the left screen back, until the app stopped reloading a page being left
    // (lib/network/network-status.ts).
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        visited.push(frame.url());
      }
    });
    await context.addInitScript(() => {
      window.addEventListener('online', () => console.warn(`online event on ${window.location.pathname}`));
    });
    page.on('console', (message) => {
      if (message.text().startsWith('online event')) {
        visited.push(`(${message.text()})`);
      }
    });
    onTestFailed(async () => {
      console.error(`offline-visit-pass failed on ${page.url()}, after ${visited.join(' → ')}`);
      await screenshot(page, 'offline-visit-pass-failure');
    });
    const errors = collectPageErrors(page);

    // Online: the appointment once, with its invoice (their answers are kept).
    await page.goto(appointmentPath(sessionId, booked.id));
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    const invoice = page.locator('.invoice-panel');
    await invoice.getByText('Total').waitFor();
    expect(await page.getByTestId('last-updated').count()).toBe(0);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    // The answers are on the device before the page goes: a reload aborts a write not yet committed,
    // which a busy machine once made slower than the worker's start (the journey's old flake).
    await expect
      .poll(() => keptAnswerNames(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining(['consultationAppointment', 'prepareInvoice']));

    // The patient signs in again (a new token, the same account) and opens the chat once (its code is cached).
    const secondToken = await signInAgain(patient.mobileNo);
    expect(secondToken).not.toBe(patient.token);
    await page.evaluate((token: string) => window.localStorage.setItem('accessToken', token), secondToken);
    const chatLog = page.getByRole('log', { name: 'Chat with hospital staff' });
    await page.goto('/chat-home/agent-chat');
    await chatLog.getByText('Is the doctor on time today?').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('accessToken'))).toBe(secondToken);

    // No connection: a reload of the appointment shows the token kept under the first token, its
    // payment status and invoice, and when it was last updated.
    await context.setOffline(true);
    await page.goto(appointmentPath(sessionId, booked.id));
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    await page.getByText(/^Last updated \d{1,2}:\d{2}/).waitFor();
    await page.getByText("We can't connect to internet!").waitFor();
    await page.getByText('Payment pending').waitFor();
    await invoice.getByText('Total').waitFor();
    expect(await page.getByText('Error while calculating invoice').count()).toBe(0);
    await screenshot(page, 'offline-visit-pass-appointment');

    // Opening the app on the bus: the visit pass, not the sign-in form.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/view/appointment' && url.searchParams.get('appointmentId') === booked.id);
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    await page.getByText(/^Last updated/).waitFor();
    expect(await page.getByPlaceholder('Type your mobile number here').count()).toBe(0);
    // The profile cards too, with when they were last updated: the patient taps Account.
    await page.getByRole('link', { name: 'Account' }).click();
    await page.waitForURL((url) => url.pathname === '/profiles');
    await page.getByRole('heading', { level: 1, name: 'You have a profile' }).waitFor();
    await page.getByText(`+${patient.mobileNo}`).waitFor();
    await page.getByRole('heading', { level: 3, name: patient.displayName }).waitFor();
    await page.getByText(/^Last updated/).waitFor();

    // Online again (the page reloads itself, spec doc 1 §4), on the chat; then the connection drops while writing.
    await Promise.all([page.waitForEvent('load'), context.setOffline(false)]);
    await page.goto('/chat-home/agent-chat');
    await chatLog.getByText('Is the doctor on time today?').waitFor();
    await context.setOffline(true);
    await page.getByRole('textbox', { name: 'Message' }).fill('I am on the bus, 20 minutes away');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const waiting = page.getByTestId('chat-waiting');
    await waiting.getByText('I am on the bus, 20 minutes away').waitFor();
    await waiting.getByText('Waiting to send').waitFor();
    await checkScreen(page, 'chat message waiting to send');
    await screenshot(page, 'offline-visit-pass-chat-waiting');

    // The patient moves on to the profiles (still no connection); the connection returns there: the page
    // reloads (spec doc 1 §4) and the app's one sender sends the message, once, with no chat open.
    await page.goto('/profiles');
    await page.getByRole('heading', { level: 1, name: 'You have a profile' }).waitFor();
    const sentNotes = async () => {
      const { queryChat } = await gql<{ queryChat: ServerChat[] }>(
        'query ($id: ID) { queryChat(id: $id) { id note { message } } }',
        { id: prepareChat.id },
        secondToken,
      );
      return queryChat[0]?.note.filter((n) => n.message === 'I am on the bus, 20 minutes away').length ?? 0;
    };
    expect(await sentNotes()).toBe(0);
    await Promise.all([page.waitForEvent('load'), context.setOffline(false)]);
    await expect.poll(sentNotes, { timeout: 30_000 }).toBe(1);
    await page.goto('/chat-home/agent-chat');
    await chatLog.locator('.agent-chat-text').getByText('I am on the bus, 20 minutes away').waitFor();
    expect(await waiting.count()).toBe(0);
    await page.reload();
    await chatLog.getByText('I am on the bus, 20 minutes away').waitFor();
    expect(await sentNotes()).toBe(1);

    // Remove the worker before closing (see branding.e2e.ts).
    await page.evaluate(async () => {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    });
    expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
});
