import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFailed } from 'vitest';
import { appUrl } from '../../../e2e/support/harness.ts';
import { checkScreen as checkScreenOnShow, watchScreens } from '../../../e2e/support/screens.ts';
import {
  appointmentPath,
  book,
  colomboDoctor,
  createSession,
  gql,
  journeyHost,
  signedInPatient,
  signedInPhone,
  staffToken,
  type Patient,
} from './support/journey-setup.ts';
import { doctorCardOpened, sessionLinkOnDoctorScreen } from './support/doctor-cards.ts';
import { collectPageErrors, expectNoAxeViolations, screenshot } from './support/index.ts';

// Issue 13 'Tests that must exist': a real call in the browser. The doctor, in the staff console
// (desktop size), calls from the queue of a video session; the patient's phone (412×823) rings with
// '<doctor> is calling...', joins, and both browsers receive each other's frames over real WebRTC
// (Chromium's fake camera and microphone), signalled through the server's GraphQL. Then mute with
// the other side's notice, minimise and restore, the patient's end with its confirm, and the call
// history of connect and disconnect events. A second phone of the same account, whose camera and
// microphone are denied, shows the grant message instead of 'Join Now'. Axe runs on each of the
// patient's call screens. With coturn installed (the e2e global setup starts it and gives the demo
// tenant TURN credentials for it), the same call again with the patient's side relay-only.

const staffPassword = 'careline-demo-staff';
const doctorEmail = 'doctor.colombo@careline.test';
const doctorName = 'Dr. Nimal Perera';

// inject() is typed by vitest's ProvidedContext interface; global-setup provides 'e2eTurn'.
const turnAvailable = (inject as (key: string) => unknown)('e2eTurn') === true;
if (!turnAvailable) {
  console.warn('[video-call.e2e] coturn is not running (turnserver not installed): skipping the relay-only call.');
}

/**
 * Debian Chromium with the harness's flags (e2e/support/harness.ts launchBrowser) and Chromium's fake
 * media: a generated camera picture and tone, and media prompts accepted without a prompt.
 */
async function launchCallBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** A video session of the demo's Colombo doctor (the doctor account's practitioner), starting within the hour. */
async function createVideoSession(staff: string): Promise<string> {
  const { organizationId, practitionerId } = await colomboDoctor();
  const start = new Date(Date.now() + 30 * 60 * 1000);
  start.setSeconds(0, 0);
  const { staffCreateSession } = await gql<{ staffCreateSession: { id: string } }>(
    'mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }',
    {
      o: organizationId,
      input: {
        practitionerId,
        locationName: `Video ${String(start.getTime()).slice(-5)}`,
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000).toISOString(),
        appointmentMaxAllowed: 10,
        participationMode: 'remote_presence_video_call',
      },
    },
    staff,
  );
  return staffCreateSession.id;
}

/**
 * The doctor's staff console: a desktop-sized context whose every screen is checked (e2e/support/screens.ts;
 * the console shows several screens at /staff/, so a screen is its path and its h1).
 */
async function newDoctorConsole(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: appUrl('', journeyHost), locale: 'en-US' });
  const page = await context.newPage();
  await watchScreens(context, page, { identity: 'path-and-heading' });
  return { context, page };
}

/** Waits for the console screen whose h1 is `heading`, then checks it (one h1, its title, axe). */
async function checkConsoleScreen(page: Page, heading: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await checkScreenOnShow(page, `console ${heading}`);
}

/** Books the patient into the session (pay at the hospital). */
async function bookVideo(patient: Patient, sessionId: string): Promise<string> {
  const { createAppointment } = await gql<{ createAppointment: { id: string } }>(
    'mutation ($p: ID!, $s: ID!) { createAppointment(patientId: $p, sessionId: $s) { id } }',
    { p: patient.patientId, s: sessionId },
    patient.token,
  );
  return createAppointment.id;
}

/**
 * Runs in the page before its scripts: every RTCPeerConnection the app makes is kept on
 * window.__carelinePeers, so the journey can read its getStats().
 */
function collectPeerConnections(): void {
  const Native = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  (window as unknown as { __carelinePeers: RTCPeerConnection[] }).__carelinePeers = peers;
  class Collected extends Native {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      peers.push(this);
    }
  }
  window.RTCPeerConnection = Collected;
}

/** The bytes of video and audio the page's open peer connections received so far (inbound-rtp). */
async function inboundBytes(page: Page): Promise<{ video: number; audio: number }> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __carelinePeers?: RTCPeerConnection[] }).__carelinePeers ?? [];
    const total = { video: 0, audio: 0 };
    for (const peer of peers) {
      if (peer.connectionState === 'closed') {
        continue;
      }
      const report = await peer.getStats();
      report.forEach((entry: { type: string; kind?: string; bytesReceived?: number }) => {
        if (entry.type === 'inbound-rtp' && (entry.kind === 'video' || entry.kind === 'audio')) {
          total[entry.kind] += entry.bytesReceived ?? 0;
        }
      });
    }
    return total;
  });
}

/** Waits until the page's inbound video and audio bytes both grow past what they are now. */
async function expectInboundBytesGrowing(page: Page, side: string): Promise<void> {
  const before = await inboundBytes(page);
  await expect
    .poll(async () => {
      const now = await inboundBytes(page);
      return now.video > before.video && now.audio > before.audio;
    }, { timeout: 30_000, interval: 250, message: `inbound bytes growing on the ${side}'s side` })
    .toBe(true);
  const after = await inboundBytes(page);
  expect(after.video, `video bytes on the ${side}'s side`).toBeGreaterThan(0);
}

/**
 * The candidate type of the local candidate of each open peer connection's selected pair (the
 * transport's selectedCandidatePairId, else the nominated succeeded pair): 'relay' over TURN.
 */
async function selectedLocalCandidateTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Stat = { id: string; type: string; selectedCandidatePairId?: string; nominated?: boolean; state?: string; localCandidateId?: string; candidateType?: string };
    const peers = (window as unknown as { __carelinePeers?: RTCPeerConnection[] }).__carelinePeers ?? [];
    const types: string[] = [];
    for (const peer of peers) {
      if (peer.connectionState === 'closed') {
        continue;
      }
      const stats = [...(await peer.getStats()).values()] as Stat[];
      const pairId = stats.find((entry) => entry.type === 'transport' && entry.selectedCandidatePairId)?.selectedCandidatePairId;
      const pair = stats.find((entry) =>
        pairId ? entry.id === pairId : entry.type === 'candidate-pair' && entry.nominated === true && entry.state === 'succeeded',
      );
      types.push(stats.find((entry) => entry.id === pair?.localCandidateId)?.candidateType ?? 'none');
    }
    return types;
  });
}

/** Waits until the remote video element shows frames (videoWidth > 0); answers its width. */
async function remoteFrameWidth(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('[data-testid="call-remote-video"]');
      return video && video.videoWidth > 0 ? video.videoWidth : false;
    },
    undefined,
    { timeout: 30_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * Denies the camera and microphone to the context's pages of this origin, as a patient who answered
 * the browser's prompt with Block: Playwright only grants, so Chromium's DevTools protocol sets it.
 * Chromium drops the override when the DevTools session that set it detaches: the answer detaches it.
 */
async function denyCameraAndMicrophone(browser: Browser, context: BrowserContext, page: Page): Promise<() => Promise<void>> {
  const pageSession = await context.newCDPSession(page);
  const { targetInfo } = (await pageSession.send('Target.getTargetInfo')) as { targetInfo: { browserContextId?: string } };
  await pageSession.detach();
  const browserSession = await browser.newBrowserCDPSession();
  const origin = new URL(page.url()).origin;
  for (const name of ['camera', 'microphone']) {
    await browserSession.send('Browser.setPermission', {
      permission: { name },
      setting: 'denied',
      origin,
      browserContextId: targetInfo.browserContextId,
    });
  }
  return () => browserSession.detach();
}

/**
 * One direct loopback call between two pages of the browser, with no server in between: the offer
 * and answer are handed over by the test (each side's ICE gathered first), for the baseline of the
 * issue's note. Answers the milliseconds from the offer to the answering page's first video frame.
 */
async function loopbackFirstFrameMs(caller: Page, callee: Page): Promise<number> {
  const startedAt = Date.now();
  const offer = await caller.evaluate(async () => {
    const peer = new RTCPeerConnection();
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    stream.getTracks().forEach((track) => peer.addTrack(track, stream));
    (window as unknown as { __loopback: RTCPeerConnection }).__loopback = peer;
    const gathered = new Promise<void>((resolve) => {
      peer.addEventListener('icegatheringstatechange', () => peer.iceGatheringState === 'complete' && resolve());
    });
    await peer.setLocalDescription(await peer.createOffer());
    await gathered;
    return peer.localDescription?.toJSON() as RTCSessionDescriptionInit;
  });
  const answer = await callee.evaluate(async (remote) => {
    document.querySelector('#loopback')?.remove();
    const video = document.createElement('video');
    video.id = 'loopback';
    video.muted = true;
    video.autoplay = true;
    document.body.append(video);
    const peer = new RTCPeerConnection();
    peer.addEventListener('track', (event) => {
      video.srcObject = event.streams[0] ?? null;
    });
    (window as unknown as { __loopback: RTCPeerConnection }).__loopback = peer;
    const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
    stream.getTracks().forEach((track) => peer.addTrack(track, stream));
    await peer.setRemoteDescription(remote);
    const gathered = new Promise<void>((resolve) => {
      peer.addEventListener('icegatheringstatechange', () => peer.iceGatheringState === 'complete' && resolve());
    });
    await peer.setLocalDescription(await peer.createAnswer());
    await gathered;
    return peer.localDescription?.toJSON() as RTCSessionDescriptionInit;
  }, offer);
  await caller.evaluate(async (remote) => {
    await (window as unknown as { __loopback: RTCPeerConnection }).__loopback.setRemoteDescription(remote);
  }, answer);
  await callee.waitForFunction(() => (document.querySelector<HTMLVideoElement>('#loopback')?.videoWidth ?? 0) > 0, undefined, {
    polling: 'raf',
    timeout: 30_000,
  });
  const ms = Date.now() - startedAt;
  for (const page of [caller, callee]) {
    await page.evaluate(() => {
      const peer = (window as unknown as { __loopback: RTCPeerConnection }).__loopback;
      peer.getSenders().forEach((sender) => sender.track?.stop());
      peer.close();
    });
  }
  return ms;
}

/** Whether two boxes on the screen overlap (touching edges do not). */
function boxesIntersect(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Reloads the page and waits until its call host read the account's video appointments from the
 * server (the videoCallAppointments query answered, then two frames for React to show it).
 */
async function reloadAndReadCalls(page: Page): Promise<void> {
  const read = page.waitForResponse((response) => {
    const request = response.request();
    return request.url().includes('/graphql') && `${request.url()} ${request.postData() ?? ''}`.includes('videoCallAppointments');
  });
  await page.reload();
  await read;
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

describe('video consultation: a real call between the staff console and the phone (issue 13)', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchCallBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('the doctor calls, the patient joins; both receive frames; mute, minimise, end and the history; a denied permission asks for it', async () => {
    const staff = await staffToken();
    const sessionId = await createVideoSession(staff);
    const patient = await signedInPatient(`Video${String(Date.now()).slice(-4)}`);
    const appointmentId = await bookVideo(patient, sessionId);
    const appointmentPath = `/view/appointment?${new URLSearchParams({ sessionId, appointmentId }).toString()}`;

    // The patient's phone waits on the appointment's screen.
    const phone = await signedInPhone(browser, patient, 'video-call-failure');
    await phone.context.addInitScript(collectPeerConnections);
    const phoneErrors = collectPageErrors(phone.page);
    phone.page.setDefaultTimeout(30_000);
    await phone.page.goto(appointmentPath);
    await phone.page.getByRole('button', { name: 'Call History' }).waitFor();

    // A second phone of the same account whose camera and microphone are blocked.
    const blocked = await signedInPhone(browser, patient, 'video-call-denied-failure');
    blocked.page.setDefaultTimeout(30_000);
    await blocked.page.goto(appointmentPath);
    const allowAgain = await denyCameraAndMicrophone(browser, blocked.context, blocked.page);
    await blocked.page.reload();
    await blocked.page.getByRole('button', { name: 'Call History' }).waitFor();

    // The doctor signs in to the console, opens the session's queue, starts it and calls the patient in.
    const doctor = await newDoctorConsole(browser);
    await doctor.context.addInitScript(collectPeerConnections);
    const doctorErrors = collectPageErrors(doctor.page);
    doctor.page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(doctor.page, 'video-call-doctor-failure');
    });
    await doctor.page.goto('/staff');
    await doctor.page.getByLabel('Email address').fill(doctorEmail);
    await doctor.page.getByLabel('Password', { exact: true }).fill(staffPassword);
    await doctor.page.getByRole('button', { name: 'Sign in' }).click();
    await checkConsoleScreen(doctor.page, 'Home');
    await doctor.page.goto(`/staff/sessions/${sessionId}`);
    await checkConsoleScreen(doctor.page, 'Queue');
    await doctor.page.getByRole('button', { name: 'Start session' }).click();
    await doctor.page.getByText('Dr. Arrived', { exact: true }).waitFor();
    await doctor.page.getByRole('button', { name: 'Call next' }).click();
    const panel = doctor.page.getByRole('region', { name: 'Video consultation' });
    const callButton = panel.getByRole('button', { name: `Call ${patient.displayName} by video` });
    await callButton.waitFor();
    await expectNoAxeViolations(doctor.page, 'the video consultation before the call');

    // Call: the doctor's side rings, and the phone shows the incoming card.
    const calledAt = Date.now();
    await callButton.click();
    await panel.getByRole('status').filter({ hasText: `Ringing ${patient.displayName}’s phone…` }).waitFor();
    const card = phone.page.getByRole('alertdialog', { name: `${doctorName} is calling...` });
    await card.waitFor();
    const ringingAt = Date.now();
    expect(await card.getAttribute('data-testid')).toBe('incoming-call');
    await screenshot(phone.page, 'video-call-incoming');
    await expectNoAxeViolations(phone.page, 'the incoming call card');

    // The blocked phone rings too, but asks for the permission instead of offering 'Join Now'.
    const blockedCard = blocked.page.getByRole('alertdialog', { name: `${doctorName} is calling...` });
    await blockedCard.waitFor();
    await blockedCard.getByText('Please grant the permission to access camera,microphone').waitFor();
    expect(await blockedCard.getByRole('button', { name: 'Join Now' }).count()).toBe(0);
    await screenshot(blocked.page, 'video-call-permission-denied');
    await expectNoAxeViolations(blocked.page, 'the incoming call card with a denied permission');
    await blocked.context.close();
    await allowAgain();

    // Join Now: the call screen, then both sides receive frames.
    const joinedAt = Date.now();
    await card.getByRole('button', { name: 'Join Now' }).click();
    const callScreen = phone.page.getByRole('dialog', { name: `Video consultation with ${doctorName}` });
    await callScreen.waitFor();
    expect(await callScreen.getAttribute('data-testid')).toBe('call-screen');
    expect(await remoteFrameWidth(phone.page)).toBeGreaterThan(0);
    const patientFrameAt = Date.now();
    expect(await remoteFrameWidth(doctor.page)).toBeGreaterThan(0);
    const doctorFrameAt = Date.now();
    // For the note, not asserted: the journey's own checks run between the ring and the join.
    console.log(
      `video call: Call → ring on the phone ${String(ringingAt - calledAt)} ms; Join Now → the patient's first frame ` +
        `${String(patientFrameAt - joinedAt)} ms, the doctor's ${String(doctorFrameAt - joinedAt)} ms`,
    );
    await panel.getByRole('status').filter({ hasText: `Connected with ${patient.displayName}` }).waitFor();
    await callScreen.getByRole('timer', { name: 'Call time' }).waitFor();
    await panel.getByRole('timer', { name: 'Call time' }).waitFor();
    await expectInboundBytesGrowing(phone.page, 'patient');
    await expectInboundBytesGrowing(doctor.page, 'doctor');
    expect(await phone.page.getByTestId('call-own-video').count()).toBe(1);
    expect(await phone.page.getByTestId('call-remote-audio').count()).toBe(1);
    await screenshot(phone.page, 'video-call-connected');
    await screenshot(doctor.page, 'video-call-doctor-connected');
    await expectNoAxeViolations(phone.page, 'the call screen');
    await expectNoAxeViolations(doctor.page, 'the doctor in the call');

    // The patient mutes: the doctor is told. The doctor mutes: the patient is told.
    await callScreen.getByRole('button', { name: 'Mute' }).click();
    await panel.getByRole('status').filter({ hasText: 'The patient’s microphone is off' }).waitFor();
    const controls = panel.getByRole('group', { name: 'Call controls' });
    await controls.getByRole('button', { name: 'Mute' }).click();
    await callScreen.getByRole('status').filter({ hasText: 'Practitioner micro phone is off' }).waitFor();
    await screenshot(phone.page, 'video-call-practitioner-muted');
    await expectNoAxeViolations(phone.page, 'the call screen with the practitioner muted');
    // Unmuted again on both sides, the notices go.
    await callScreen.getByRole('button', { name: 'Mute' }).click();
    await controls.getByRole('button', { name: 'Mute' }).click();
    await panel.getByRole('status').filter({ hasText: 'The patient’s microphone is off' }).waitFor({ state: 'detached' });
    await callScreen.getByText('Practitioner micro phone is off').waitFor({ state: 'detached' });

    // Minimise: 'Call ongoing' with End and View; the call goes on; View restores it.
    await callScreen.getByRole('button', { name: 'Minimize' }).click();
    const minimized = phone.page.getByRole('dialog', { name: 'Call ongoing' });
    await minimized.waitFor();
    await callScreen.waitFor({ state: 'detached' });
    await minimized.getByRole('button', { name: 'End' }).waitFor();
    await screenshot(phone.page, 'video-call-minimized');
    await expectNoAxeViolations(phone.page, 'the minimized call');
    await expectInboundBytesGrowing(doctor.page, 'doctor (patient minimized)');
    await minimized.getByRole('button', { name: 'View' }).click();
    await callScreen.waitFor();
    await remoteFrameWidth(phone.page);

    // The patient ends the call: the confirm first ('Not now' keeps it), then End.
    await callScreen.getByRole('button', { name: 'End Call' }).click();
    const confirm = phone.page.getByRole('dialog', { name: 'Are you sure you want to end this call' });
    await confirm.waitFor();
    await screenshot(phone.page, 'video-call-end-confirm');
    await expectNoAxeViolations(phone.page, 'the end call confirm');
    await confirm.getByRole('button', { name: 'Not now' }).click();
    await confirm.waitFor({ state: 'detached' });
    await callScreen.waitFor();
    await callScreen.getByRole('button', { name: 'End Call' }).click();
    await confirm.getByRole('button', { name: 'End' }).click();
    await callScreen.waitFor({ state: 'detached' });
    await panel.getByRole('status').filter({ hasText: `${patient.displayName} left the call.` }).waitFor();
    // The doctor ends the call too.
    await controls.getByRole('button', { name: `End the call with ${patient.displayName}` }).click();
    await panel.getByRole('status').filter({ hasText: 'The call has ended.' }).waitFor();
    await phone.page.getByTestId('incoming-call').waitFor({ state: 'detached' });

    // The call history: the practitioner's and the patient's connect and disconnect.
    await phone.page.getByRole('button', { name: 'Call History' }).click();
    const history = phone.page.getByRole('dialog', { name: 'Call History' });
    await history.getByTestId('call-history').waitFor();
    const events = async () =>
      history.getByRole('listitem').evaluateAll((items) =>
        items.map((item) => `${item.querySelector('.call-history__who')?.textContent ?? ''} ${item.querySelector('.call-history__status')?.textContent ?? ''}`),
      );
    const shown = await events();
    expect(shown).toEqual(expect.arrayContaining(['Practitioner Connected', 'Patient Connected', 'Patient Disconnected', 'Practitioner Disconnected']));
    expect(shown[0]).toBe('Practitioner Connected');
    await screenshot(phone.page, 'video-call-history');
    await expectNoAxeViolations(phone.page, 'the call history');
    await history.getByRole('button', { name: 'Close' }).click();
    await history.waitFor({ state: 'detached' });

    // For the note, not asserted: ten more calls, each joined as soon as it rings, timed from
    // the doctor's Call to the patient's first frame; the doctor ends each.
    const callTimes: number[] = [];
    for (let call = 0; call < 10; call += 1) {
      const startedAt = Date.now();
      await callButton.click();
      await card.getByRole('button', { name: 'Join Now' }).click();
      await remoteFrameWidth(phone.page);
      callTimes.push(Date.now() - startedAt);
      await panel.getByRole('status').filter({ hasText: `Connected with ${patient.displayName}` }).waitFor();
      await controls.getByRole('button', { name: `End the call with ${patient.displayName}` }).click();
      await panel.getByRole('status').filter({ hasText: 'The call has ended.' }).waitFor();
      await callScreen.waitFor({ state: 'detached' });
    }
    callTimes.sort((a, b) => a - b);
    console.log(`video call: Call → the patient's first frame over 10 calls, median ${String(callTimes[5])} ms (${callTimes.join(', ')} ms)`);

    expect(phoneErrors).toEqual([]);
    expect(doctorErrors).toEqual([]);
    await phone.context.close();
    await doctor.context.close();
  }, 300_000);

  it('issue 29 §2.7, §2.8: the card lives as long as the ring, over no pay button; /doctor?type=video lists video sessions only', async () => {
    const staff = await staffToken();
    const { practitionerId } = await colomboDoctor();
    const sessionId = await createVideoSession(staff);
    const inPersonId = await createSession(staff, 2, `Clinic ${String(Date.now()).slice(-5)}`);
    const patient = await signedInPatient(`Ring${String(Date.now()).slice(-4)}`);
    await bookVideo(patient, sessionId);
    const unpaid = await book(patient, inPersonId);

    const phone = await signedInPhone(browser, patient, 'video-ring-failure');
    const phoneErrors = collectPageErrors(phone.page);
    phone.page.setDefaultTimeout(30_000);

    // §2.8: the Video Channel (the chat's 'Video Channel' opens /doctor?type=video) lists video sessions only.
    await phone.page.goto(`/doctor?${new URLSearchParams({ type: 'video', selectedPractitioner: practitionerId }).toString()}`);
    // Every session of the doctor's card on show (issue 29 §4.14 puts the later ones behind a disclosure).
    const videoCard = await doctorCardOpened(phone.page, 'Dr. Nimal Perera');
    await videoCard.locator(`a[href^="/view/session?sessionId=${sessionId}"]`).waitFor();
    expect(await phone.page.locator(`a[href^="/view/session?sessionId=${inPersonId}"]`).count()).toBe(0);
    const modes = await videoCard.locator('.session-card__mode').allTextContents();
    expect(modes.length).toBeGreaterThan(0);
    expect(modes.every((mode) => mode === 'Video consultation')).toBe(true);
    await screenshot(phone.page, 'video-channel-sessions');
    await expectNoAxeViolations(phone.page, 'the video channel');
    // The same doctor's list without type=video has the in-person session too.
    await phone.page.goto(`/doctor?${new URLSearchParams({ selectedPractitioner: practitionerId }).toString()}`);
    await sessionLinkOnDoctorScreen(phone.page, 'Dr. Nimal Perera', inPersonId);

    // The patient is about to pay the other appointment.
    await phone.page.goto(appointmentPath(inPersonId, unpaid.id));
    const pay = phone.page.getByRole('button', { name: 'Pay by card' });
    await pay.waitFor();

    const doctor = await newDoctorConsole(browser);
    const doctorErrors = collectPageErrors(doctor.page);
    doctor.page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(doctor.page, 'video-ring-doctor-failure');
    });
    await doctor.page.goto('/staff');
    await doctor.page.getByLabel('Email address').fill(doctorEmail);
    await doctor.page.getByLabel('Password', { exact: true }).fill(staffPassword);
    await doctor.page.getByRole('button', { name: 'Sign in' }).click();
    await checkConsoleScreen(doctor.page, 'Home');
    await doctor.page.goto(`/staff/sessions/${sessionId}`);
    await checkConsoleScreen(doctor.page, 'Queue');
    await doctor.page.getByRole('button', { name: 'Start session' }).click();
    await doctor.page.getByText('Dr. Arrived', { exact: true }).waitFor();
    await doctor.page.getByRole('button', { name: 'Call next' }).click();
    const panel = doctor.page.getByRole('region', { name: 'Video consultation' });
    await panel.getByRole('button', { name: `Call ${patient.displayName} by video` }).click();
    await panel.getByRole('status').filter({ hasText: `Ringing ${patient.displayName}’s phone…` }).waitFor();

    // The card rings over the appointment screen and covers none of it: not the pay button.
    const card = phone.page.getByRole('alertdialog', { name: `${doctorName} is calling...` });
    await card.waitFor();
    // Wherever the patient has scrolled: the pay button at the top, in the middle, or low in thumb
    // reach just above the bottom bar, the card's box and the button's never meet, and what is under
    // the button's centre is the button.
    const placements = await pay.evaluate((button) => {
      const cardElement = document.querySelector('[data-testid="incoming-call"]');
      const bar = document.querySelector('nav[aria-label="Main"]');
      const seen: { placement: string; intersects: boolean; onTop: boolean; card: DOMRect | null; pay: DOMRect }[] = [];
      const look = (placement: string) => {
        const payBox = button.getBoundingClientRect();
        const cardBox = cardElement?.getBoundingClientRect() ?? null;
        const intersects =
          cardBox !== null &&
          cardBox.left < payBox.right && payBox.left < cardBox.right && cardBox.top < payBox.bottom && payBox.top < cardBox.bottom;
        const onTop = button.contains(document.elementFromPoint(payBox.left + payBox.width / 2, payBox.top + payBox.height / 2));
        seen.push({ placement, intersects, onTop, card: cardBox, pay: payBox });
      };
      button.scrollIntoView({ block: 'start' });
      look('top');
      button.scrollIntoView({ block: 'center' });
      look('middle');
      const barTop = bar?.getBoundingClientRect().top ?? window.innerHeight;
      window.scrollBy(0, button.getBoundingClientRect().bottom - (barTop - 8));
      look('above the bottom bar');
      return seen;
    });
    expect(placements).toHaveLength(3);
    for (const seen of placements) {
      expect(seen.intersects, `the card over the pay button (${seen.placement}): ${JSON.stringify(seen)}`).toBe(false);
      expect(seen.onTop, `the pay button on top (${seen.placement})`).toBe(true);
    }
    const cardBox = await card.boundingBox();
    const payBox = await pay.boundingBox();
    expect(cardBox && payBox ? boxesIntersect(cardBox, payBox) : true).toBe(false);
    await card.scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'video-ring-over-appointment');
    await expectNoAxeViolations(phone.page, 'the incoming call over the appointment');

    // A reload while it rings: the server still says it rings, so the card is back.
    await reloadAndReadCalls(phone.page);
    await card.waitFor();

    // The doctor hangs up before the patient joins: the card goes, with no reload.
    await panel
      .getByRole('group', { name: 'Call controls' })
      .getByRole('button', { name: `End the call with ${patient.displayName}` })
      .click();
    await panel.getByRole('status').filter({ hasText: 'The call has ended.' }).waitFor();
    await card.waitFor({ state: 'detached' });
    // A reload after it: the server says it no longer rings, so no card comes back.
    await reloadAndReadCalls(phone.page);
    await pay.waitFor();
    expect(await phone.page.getByTestId('incoming-call').count()).toBe(0);

    expect(phoneErrors).toEqual([]);
    expect(doctorErrors).toEqual([]);
    await phone.context.close();
    await doctor.context.close();
  }, 240_000);

  it.runIf(turnAvailable)('the same call relay-only through coturn: both receive frames over the patient\'s TURN relay', async () => {
    const staff = await staffToken();
    const sessionId = await createVideoSession(staff);
    const patient = await signedInPatient(`Relay${String(Date.now()).slice(-4)}`);
    const appointmentId = await bookVideo(patient, sessionId);

    // The patient's phone forces iceTransportPolicy 'relay' (RELAY_ONLY_STORAGE_KEY) before the app runs.
    const phone = await signedInPhone(browser, patient, 'video-call-relay-failure');
    await phone.context.addInitScript(() => {
      window.localStorage.setItem('careline.video.iceTransportPolicy', 'relay');
    });
    await phone.context.addInitScript(collectPeerConnections);
    const phoneErrors = collectPageErrors(phone.page);
    phone.page.setDefaultTimeout(30_000);
    await phone.page.goto(`/view/appointment?${new URLSearchParams({ sessionId, appointmentId }).toString()}`);
    await phone.page.getByRole('button', { name: 'Call History' }).waitFor();

    const doctor = await newDoctorConsole(browser);
    await doctor.context.addInitScript(collectPeerConnections);
    const doctorErrors = collectPageErrors(doctor.page);
    doctor.page.setDefaultTimeout(30_000);
    onTestFailed(async () => {
      await screenshot(doctor.page, 'video-call-relay-doctor-failure');
    });
    await doctor.page.goto('/staff');
    await doctor.page.getByLabel('Email address').fill(doctorEmail);
    await doctor.page.getByLabel('Password', { exact: true }).fill(staffPassword);
    await doctor.page.getByRole('button', { name: 'Sign in' }).click();
    await checkConsoleScreen(doctor.page, 'Home');
    await doctor.page.goto(`/staff/sessions/${sessionId}`);
    await checkConsoleScreen(doctor.page, 'Queue');
    await doctor.page.getByRole('button', { name: 'Start session' }).click();
    await doctor.page.getByText('Dr. Arrived', { exact: true }).waitFor();
    await doctor.page.getByRole('button', { name: 'Call next' }).click();
    const panel = doctor.page.getByRole('region', { name: 'Video consultation' });
    await panel.getByRole('button', { name: `Call ${patient.displayName} by video` }).click();

    const card = phone.page.getByRole('alertdialog', { name: `${doctorName} is calling...` });
    await card.getByRole('button', { name: 'Join Now' }).click();
    await phone.page.getByRole('dialog', { name: `Video consultation with ${doctorName}` }).waitFor();
    expect(await remoteFrameWidth(phone.page)).toBeGreaterThan(0);
    expect(await remoteFrameWidth(doctor.page)).toBeGreaterThan(0);
    await panel.getByRole('status').filter({ hasText: `Connected with ${patient.displayName}` }).waitFor();
    await expectInboundBytesGrowing(phone.page, 'patient (relay)');
    await expectInboundBytesGrowing(doctor.page, 'doctor (relay)');
    // The patient's selected candidate pair sends from its TURN relay candidate.
    await expect
      .poll(() => selectedLocalCandidateTypes(phone.page), { timeout: 30_000, interval: 250, message: "the patient's selected local candidate" })
      .toEqual(['relay']);

    // The doctor ends the call.
    await panel.getByRole('group', { name: 'Call controls' }).getByRole('button', { name: `End the call with ${patient.displayName}` }).click();
    await panel.getByRole('status').filter({ hasText: 'The call has ended.' }).waitFor();
    await phone.page.getByTestId('call-screen').waitFor({ state: 'detached' });

    expect(phoneErrors).toEqual([]);
    expect(doctorErrors).toEqual([]);
    await phone.context.close();
    await doctor.context.close();
  }, 180_000);

  it('the baseline for the note: two pages connecting directly, with no server in between', async () => {
    // Plain pages at the app's origin (a secure context for the camera); no app screen is shown.
    const context = await browser.newContext({ baseURL: appUrl('', journeyHost) });
    const caller = await context.newPage();
    const callee = await context.newPage();
    await caller.goto('/healthz');
    await callee.goto('/healthz');
    const times: number[] = [];
    for (let call = 0; call < 10; call += 1) {
      times.push(await loopbackFirstFrameMs(caller, callee));
    }
    times.sort((a, b) => a - b);
    console.log(`loopback: offer → first frame over 10 calls, median ${String(times[5])} ms (${times.join(', ')} ms)`);
    expect(times.every((ms) => ms > 0)).toBe(true);
    await context.close();
  }, 120_000);
});
