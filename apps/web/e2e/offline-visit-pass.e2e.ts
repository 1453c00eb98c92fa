import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, collectPageErrors, launchBrowser, screenshot } from './support/index.ts';
import {
  appointmentPath,
  book,
  colomboDoctor,
  createSession,
  gql,
  shownToken,
  signedInPatient,
  signedInPhone,
  staffToken,
} from './support/journey-setup.ts';

// Issue 32 §4.7, the journey of its "Done when" (Chromium's offline emulation): a signed-in patient
// with a booked appointment opens it once online; with no connection a reload and a fresh start of the
// app show the token (the visit pass), with "Last updated", not the sign-in form, and the profile
// reads as it was; a chat message
// written offline shows as "Waiting to send" and, once the connection is back, reaches the server
// exactly once.

/** A base64 JSON chat note, as the app writes them (spec doc 1 §3). */
const note = (message: string) => Buffer.from(JSON.stringify({ message, timestamp: new Date().toISOString() })).toString('base64');

type ServerChat = { id: string; note: { message: string | null }[] };

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

  it('shows the token with no connection, keeps a chat message waiting and sends it once when back online', async () => {
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
    const { context, page } = await signedInPhone(browser, patient, 'offline-visit-pass-failure');
    const errors = collectPageErrors(page);

    // Online: the appointment once (its answers are kept), and the chat screen once (its code is cached).
    await page.goto(appointmentPath(sessionId, booked.id));
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    expect(await page.getByTestId('last-updated').count()).toBe(0);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    const chatLog = page.getByRole('log', { name: 'Chat with hospital staff' });
    await page.goto('/chat-home/agent-chat');
    await chatLog.getByText('Is the doctor on time today?').waitFor();

    // No connection: a reload of the appointment shows the kept token and when it was last updated.
    await context.setOffline(true);
    await page.goto(appointmentPath(sessionId, booked.id));
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    await page.getByText(/^Last updated \d{1,2}:\d{2}/).waitFor();
    await page.getByText("We can't connect to internet!").waitFor();
    await screenshot(page, 'offline-visit-pass-appointment');

    // Opening the app on the bus: the visit pass, not the sign-in form.
    await page.goto('/');
    await page.waitForURL((url) => url.pathname === '/view/appointment' && url.searchParams.get('appointmentId') === booked.id);
    expect(await shownToken(page)).toBe(String(booked.tokenNo));
    await page.getByText(/^Last updated/).waitFor();
    expect(await page.getByPlaceholder('Type your mobile number here').count()).toBe(0);
    // The profile too, with when it was last updated.
    await page.goto('/profiles');
    await page.getByRole('heading', { level: 1, name: 'You have a profile' }).waitFor();
    await page.getByText(`+${patient.mobileNo}`).waitFor();
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

    // Back online: the page reloads (spec doc 1 §4) and the outbox sends the message, once.
    await context.setOffline(false);
    await chatLog.locator('.agent-chat-text').getByText('I am on the bus, 20 minutes away').waitFor({ timeout: 30_000 });
    await expect.poll(() => waiting.count(), { timeout: 15_000 }).toBe(0);
    await page.reload();
    await chatLog.getByText('I am on the bus, 20 minutes away').waitFor();
    const { queryChat } = await gql<{ queryChat: ServerChat[] }>(
      'query ($id: ID) { queryChat(id: $id) { id note { message } } }',
      { id: prepareChat.id },
      patient.token,
    );
    expect(queryChat[0]?.note.filter((n) => n.message === 'I am on the bus, 20 minutes away')).toHaveLength(1);

    // Remove the worker before closing (see branding.e2e.ts).
    await page.evaluate(async () => {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    });
    expect(errors.filter((error) => !error.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await context.close();
  });
});
