// `npm run bench:slow-link` (issue 33 §4): how soon each first screen is usable on a slow phone network.
// Builds the web app and the floor app (bench/bundle-floor), serves each by the real server
// (scripts/bench-apps.mjs, as bench:lighthouse does; the real one with the demo seeded), makes a demo
// patient signed in by SMS code and a booked appointment through the server's API, then drives Debian's
// Chromium (playwright-core, as the browser journeys do) with Chromium's own network emulation
// (400 ms round trip, 400 kbit/s down and up, on the page and on its service worker) and a 4× CPU
// slowdown. Per route and run: a fresh context (no cache, no service worker) is the cold visit; once its
// service worker controls the page, a second visit in the same context is the warm one.
//
// Usable = the goal's condition (ROUTES below), polled in the page from the first byte on (a
// MutationObserver and requestAnimationFrame), as performance.now() from navigation start. Also CLS
// (PerformanceObserver layout-shift, until the page is quiet) and the bytes over the wire until usable
// (CDP Network.loadingFinished encodedDataLength). Median of BENCH_RUNS runs (default 3);
// BENCH_ROUTES=/login,/doctor measures only those. Prints the
// table: route, cold and warm time to usable, CLS, bytes, the floor app's cold and warm time to its form,
// the physical floor (bytes ÷ bandwidth + one round trip) and the goal, then the goals missed.
// Writes .bench/slow-link.json. Exits 0 when goals are missed (a benchmark); non-zero only when it
// could not measure. Not part of `npm test`. CHROMIUM_PATH picks the browser; BENCH_DEBUG=1 tells when
// the service worker was attached and took control.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { clsGoal, cumulativeLayoutShift, formatTable, median, physicalFloorMs, slowLink } from '../bench/slow-link/figures.ts';
import { buildFloor, buildWeb, startServer } from './bench-apps.mjs';
import { demoPatient } from './bench-demo-patient.mjs';
import { rootDir } from './web-build.mjs';

const runs = Math.max(1, Number.parseInt(process.env.BENCH_RUNS ?? '3', 10) || 3);
const link = slowLink;
const usableTimeoutMs = 90_000;
const quietMs = 1000;
const settleCapMs = 30_000;
const phone = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
  locale: 'en-US',
};

// In-page conditions (serialised into the page; `visible` is the probe's). Written against the app's
// markup as the browser journeys read it, and against the server's HTML of the same screens.
/* global document, MutationObserver, requestAnimationFrame, addEventListener -- the page's, where these run */
const ALL_ROUTES = [
  {
    route: '/login',
    signedIn: false,
    goalMs: 2500,
    // The number field accepts input and 'Send now' is there to press.
    usable: (visible) => {
      const input = [...document.querySelectorAll('input[type="tel"]')].find(visible);
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Send now' && visible(b));
      return input !== undefined && !input.disabled && !input.readOnly && button !== undefined && !button.disabled;
    },
  },
  {
    route: '/chat-home',
    signedIn: true,
    goalMs: 3000,
    // The greeting (an assistant message with text) and its buttons.
    usable: (visible) =>
      [...document.querySelectorAll('.chat-message-assistant')].some((m) => visible(m) && m.textContent.trim() !== '') &&
      [...document.querySelectorAll('.chat-suggestions button')].some((b) => visible(b) && !b.disabled),
  },
  {
    route: '/doctor',
    signedIn: true,
    goalMs: 3500,
    // The search field and the first doctor's card (the doctors of the demo's Colombo branch).
    usable: (visible) =>
      [...document.querySelectorAll('input[role="combobox"], input[type="search"]')].some(visible) &&
      [...document.querySelectorAll('article.doctor-card')].some(visible),
  },
  {
    route: '/view/appointment',
    signedIn: true,
    goalMs: 3000,
    // The appointment's token number.
    usable: (visible) =>
      [...document.querySelectorAll('.appointment-facts__token-number')].some((e) => visible(e) && /\d/.test(e.textContent)),
  },
];

// BENCH_ROUTES=/login,/doctor measures only those (comma-separated; default all four).
const chosen = (process.env.BENCH_ROUTES ?? '').split(',').map((route) => route.trim()).filter(Boolean);
const ROUTES = chosen.length === 0 ? ALL_ROUTES : ALL_ROUTES.filter(({ route }) => chosen.includes(route));
if (ROUTES.length === 0) {
  throw new Error(`BENCH_ROUTES names none of ${ALL_ROUTES.map(({ route }) => route).join(', ')}`);
}

// The floor app renders its form once its GraphQL answer is in (bench/bundle-floor/src/main.tsx).
const floorUsable = (visible) => {
  const form = document.querySelector('form[data-floor-form]');
  const button = form?.querySelector('button');
  return form !== null && visible(form.querySelector('input')) && button !== null && button !== undefined && !button.disabled;
};

/** Runs in every document before its own scripts: time to usable, layout shifts, the load event. */
function probe(isUsable) {
  const state = { usableAt: null, loadAt: null, shifts: [] };
  Object.defineProperty(globalThis, '__slowLink', { value: state });
  const visible = (element) => {
    if (!element) {
      return false;
    }
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        state.shifts.push({ value: entry.value, startTime: entry.startTime, hadRecentInput: entry.hadRecentInput });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  } catch {
    // no layout-shift entries in this browser: CLS stays 0
  }
  const check = () => {
    if (state.usableAt !== null) {
      return true;
    }
    try {
      if (isUsable(visible)) {
        state.usableAt = performance.now();
        return true;
      }
    } catch {
      // the page is half-parsed; the next change looks again
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (check()) {
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  const frame = () => {
    if (!check()) {
      requestAnimationFrame(frame);
    }
  };
  requestAnimationFrame(frame);
  addEventListener('load', () => {
    state.loadAt = performance.now();
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const networkConditions = {
  offline: false,
  latency: link.rttMs,
  downloadThroughput: (link.downKbps * 1000) / 8,
  uploadThroughput: (link.upKbps * 1000) / 8,
};

// --- The link on the page's service worker too: its fetches (the network-first navigation, the
// precache) go past the page's emulation. The page's session attaches to the worker (the frame's
// auto-attach covers the service workers of its scope), holding a new one at its start until it has
// the same conditions; its bytes are counted. The protocol's non-flat target messages, since
// Playwright's CDP session sends to its one target only.

async function throttleServiceWorkers(cdp) {
  let nextId = 1;
  let bytes = 0;
  const sendTo = (sessionId, method, params = {}) =>
    cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: nextId++, method, params }) }).catch(() => {});
  cdp.on('Target.receivedMessageFromTarget', ({ message }) => {
    const event = JSON.parse(message);
    if (process.env.BENCH_DEBUG && event.error) {
      console.log('service worker:', message.slice(0, 300));
    }
    if (event.method === 'Network.loadingFinished') {
      bytes += event.params.encodedDataLength;
    }
  });
  cdp.on('Target.attachedToTarget', async ({ sessionId, targetInfo, waitingForDebugger }) => {
    if (targetInfo.type === 'service_worker') {
      if (process.env.BENCH_DEBUG) {
        console.log('service worker attached', targetInfo.targetId, waitingForDebugger);
      }
      await sendTo(sessionId, 'Network.enable');
      await sendTo(sessionId, 'Network.emulateNetworkConditions', networkConditions);
    }
    await sendTo(sessionId, 'Runtime.runIfWaitingForDebugger');
  });
  await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: false });
  return { bytes: () => bytes };
}

// --- One visit: a page on the slow link, timed to usable, then left until it is quiet.

async function visit(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  const finished = [];
  let clockOffsetMs = null;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    clockOffsetMs ??= event.wallTime * 1000 - event.timestamp * 1000;
    requests.set(event.requestId, { fromServiceWorker: false });
    lastActivity = Date.now();
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.fromServiceWorker = event.response.fromServiceWorker === true;
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    requests.delete(event.requestId);
    lastActivity = Date.now();
    if (!request?.fromServiceWorker) {
      finished.push({ timestamp: event.timestamp, bytes: event.encodedDataLength });
    }
  });
  cdp.on('Network.loadingFailed', (event) => {
    requests.delete(event.requestId);
    lastActivity = Date.now();
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', networkConditions);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: link.cpuSlowdown });
  const worker = await throttleServiceWorkers(cdp);

  await page.goto(url, { waitUntil: 'commit', timeout: usableTimeoutMs });
  let usableMs = null;
  try {
    await page.waitForFunction(() => (globalThis.__slowLink?.usableAt ?? null) !== null, null, { timeout: usableTimeoutMs, polling: 100 });
    usableMs = await page.evaluate(() => globalThis.__slowLink.usableAt);
  } catch {
    // never usable within the timeout: this run has no time
  }
  // Quiet: the load event is past and no request has been open for a second (at most settleCapMs).
  const settleUntil = Date.now() + settleCapMs;
  while (Date.now() < settleUntil) {
    const loaded = await page.evaluate(() => (globalThis.__slowLink?.loadAt ?? null) !== null).catch(() => false);
    if (loaded && requests.size === 0 && Date.now() - lastActivity >= quietMs) {
      break;
    }
    await sleep(200);
  }
  const { timeOrigin, shifts } = await page.evaluate(() => ({ timeOrigin: performance.timeOrigin, shifts: globalThis.__slowLink?.shifts ?? [] }));
  const pageMs = (timestamp) => timestamp * 1000 + (clockOffsetMs ?? 0) - timeOrigin;
  const bytesUntilUsable = finished
    .filter((entry) => usableMs !== null && pageMs(entry.timestamp) <= usableMs)
    .reduce((sum, entry) => sum + entry.bytes, 0);
  const totalBytes = finished.reduce((sum, entry) => sum + entry.bytes, 0);
  return {
    page,
    figures: {
      usableMs: usableMs === null ? null : Math.round(usableMs),
      cls: Math.round(cumulativeLayoutShift(shifts) * 1000) / 1000,
      bytesUntilUsable,
      totalBytes,
      serviceWorkerBytes: worker.bytes(),
    },
  };
}

/** A cold visit in a fresh context, then (once a service worker controls the page, if the app has one) a warm one. */
async function coldAndWarm(browser, url, options) {
  const context = await browser.newContext({ ...phone, serviceWorkers: 'allow' });
  try {
    if (options.token) {
      await context.addInitScript((token) => {
        globalThis.localStorage.setItem('accessToken', token);
      }, options.token);
      // A phone the patient signed in on keeps the page cookie the app asked for then (issue 33 §1):
      // the server writes the account's first screens by it. Cold is an empty cache, not a new sign-in.
      const answer = await fetch(new URL('/session/page-cookie', url), {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}` },
      });
      const cookies = answer.headers.getSetCookie().map((line) => {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: new URL('/', url).toString(), httpOnly: !pair.startsWith('careline-page-session'), sameSite: 'Lax' };
      });
      await context.addCookies(cookies);
    }
    await context.addInitScript({ content: `(${probe.toString()})(${options.usable.toString()});` });
    const cold = await visit(context, url);
    if (options.serviceWorker) {
      const installing = Date.now();
      await cold.page.waitForFunction(() => (globalThis.navigator.serviceWorker?.controller ?? null) !== null, null, { timeout: 180_000, polling: 250 });
      if (process.env.BENCH_DEBUG) {
        console.log(`service worker in control after ${Date.now() - installing} ms`);
      }
    }
    // The cold page stays open through the warm visit, so the warm visit meets the very worker the
    // cold one installed, still under the link's conditions.
    const warm = await visit(context, url);
    await warm.page.close();
    await cold.page.close();
    return { cold: cold.figures, warm: warm.figures };
  } finally {
    await context.close();
  }
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'careline-slow-link-'));
const servers = [];
let browser = null;
let failed = false;
try {
  const webDist = await buildWeb();
  const floorDist = await buildFloor(scratch);
  const real = await startServer('real', webDist, scratch, { seedDemo: true });
  servers.push(real);
  const floor = await startServer('floor', floorDist, scratch);
  servers.push(floor);
  const patient = await demoPatient(real);
  browser = await chromium.launch({
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
    ],
  });

  const measured = Object.fromEntries(ROUTES.map(({ route }) => [route, { real: [], floor: [] }]));
  for (let run = 1; run <= runs; run += 1) {
    for (const { route, signedIn, usable } of ROUTES) {
      const realRun = await coldAndWarm(browser, `${real.url}${patient.paths[route]}`, {
        token: signedIn ? patient.token : null,
        usable,
        serviceWorker: true,
      });
      const floorRun = await coldAndWarm(browser, `${floor.url}${route}`, { token: null, usable: floorUsable, serviceWorker: false });
      measured[route].real.push(realRun);
      measured[route].floor.push(floorRun);
      const time = (figures) => (figures.usableMs === null ? 'never' : `${figures.usableMs} ms`);
      console.log(
        `run ${run}/${runs} ${route}: cold ${time(realRun.cold)}, warm ${time(realRun.warm)}, CLS ${realRun.cold.cls}, ` +
          `${(realRun.cold.bytesUntilUsable / 1024).toFixed(1)} KB; floor app ${time(floorRun.cold)} / ${time(floorRun.warm)}`,
      );
    }
  }

  const timeOf = (visits) => {
    const times = visits.filter((figures) => figures.usableMs !== null).map((figures) => figures.usableMs);
    // A run that never got usable counts as slower than every other.
    return times.length === 0 ? Number.NaN : median([...times, ...visits.filter((f) => f.usableMs === null).map(() => Number.POSITIVE_INFINITY)]);
  };
  const results = ROUTES.map(({ route, goalMs }) => {
    const { real: realRuns, floor: floorRuns } = measured[route];
    const bytes = median(realRuns.map((r) => r.cold.bytesUntilUsable));
    return {
      route,
      coldMs: timeOf(realRuns.map((r) => r.cold)),
      warmMs: timeOf(realRuns.map((r) => r.warm)),
      cls: Math.max(median(realRuns.map((r) => r.cold.cls)), median(realRuns.map((r) => r.warm.cls))),
      bytes,
      floorAppColdMs: timeOf(floorRuns.map((r) => r.cold)),
      floorAppWarmMs: timeOf(floorRuns.map((r) => r.warm)),
      physicalFloorMs: physicalFloorMs(bytes, link),
      goal: { usableMs: goalMs, cls: clsGoal },
    };
  });

  fs.mkdirSync(path.join(rootDir, '.bench'), { recursive: true });
  fs.writeFileSync(
    path.join(rootDir, '.bench/slow-link.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), link, runs, paths: patient.paths, results, measured }, null, 2)}\n`,
  );
  console.log('written to .bench/slow-link.json');
  console.log(
    `\nSlow link: ${link.rttMs} ms round trip, ${link.downKbps} kbit/s down, ${link.upKbps} kbit/s up, CPU ${link.cpuSlowdown}× slower; ` +
      `median of ${runs} run${runs === 1 ? '' : 's'}; fresh context per run.`,
  );
  console.log(
    'cold: fresh profile, no service worker; warm: second visit, service worker installed. bytes: over the wire until usable, cold.\n' +
      'CLS: the larger of the cold and warm medians. floor app: React + router + urql + graphql-ws to its form, served the same way.\n' +
      `physical floor: bytes ÷ bandwidth + one round trip. /doctor is ${patient.paths['/doctor'].split('?')[0]}?organization=<the demo's Colombo branch>.\n`,
  );
  console.log(formatTable(results));
  const unmeasured = results.filter((result) => Number.isNaN(result.coldMs) || Number.isNaN(result.floorAppColdMs));
  if (unmeasured.length > 0) {
    failed = true;
    console.error(`[bench:slow-link] never usable in any run: ${unmeasured.map((result) => result.route).join(', ')} (see ROUTES' conditions)`);
  }
} catch (error) {
  failed = true;
  console.error(`[bench:slow-link] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  if (browser) {
    await browser.close();
  }
  await Promise.all(servers.map((server) => server.stop()));
  if (!failed) {
    fs.rmSync(scratch, { recursive: true, force: true });
  } else {
    console.error(`[bench:slow-link] server logs kept in ${scratch}`);
  }
}
process.exit(failed ? 1 : 0);
