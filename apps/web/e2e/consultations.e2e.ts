import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import {
  appUrl,
  collectPageErrors,
  latestCode,
  launchBrowser,
  newPhonePage,
  randomMobileNo,
  screenshot,
  serverGraphql,
} from './support/index.ts';
import { sessionLinkOnDoctorScreen } from './support/doctor-cards.ts';

// Issue 8 browser journey: find a doctor by specialty on /doctor, pick a session, book it for a family
// member at the hospital's counter (cash), see the token on /view/appointment, and be refused a cancel
// because the session starts within 24 hours (spec doc 2 §2, §4).
const host = 'localhost';
const demoAdmin = { email: 'admin@careline.test', password: 'careline-demo-staff' };

const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token, host });

type SeedSession = {
  practitioner: { id: string; text: string };
  practitionerRole: { code: string; display: string };
  organization: { id: string; orgName: string };
};

/**
 * The test's own session, made through the staff API (as a receptionist would): a doctor and specialty
 * the tenant has, at a hospital they work at, starting in 3 hours with 10 places.
 */
async function createSoonSession(): Promise<{ id: string; specialty: string; hospital: string; doctor: string }> {
  const { querySession } = await gql<{ querySession: SeedSession[] }>(
    'query { querySession(limit: 200) { practitioner { id text } practitionerRole { code display } organization { id orgName } } }',
  );
  const model = querySession.find((session) => session.practitionerRole.display.length >= 4);
  if (!model) {
    throw new Error('the tenant has no session to take a doctor from');
  }
  const { staffSignIn } = await gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: demoAdmin.email, p: demoAdmin.password },
  );
  const start = new Date(Date.now() + 3 * 60 * 60 * 1000);
  start.setSeconds(0, 0);
  const end = new Date(start.getTime() + 2 * 60 * 60 * 1000);
  const { staffCreateSession } = await gql<{ staffCreateSession: { id: string } }>(
    `mutation ($o: ID!, $input: StaffSessionInput!) { staffCreateSession(organizationId: $o, input: $input) { id } }`,
    {
      o: model.organization.id,
      input: {
        practitionerId: model.practitioner.id,
        practitionerRoleCode: model.practitionerRole.code,
        locationName: 'Room E2E',
        startTime: start.toISOString(),
        endTime: end.toISOString(),
        appointmentMaxAllowed: 10,
        participationMode: 'in_person',
      },
    },
    staffSignIn.token,
  );
  return {
    id: staffCreateSession.id,
    specialty: model.practitionerRole.display,
    hospital: model.organization.orgName,
    doctor: model.practitioner.text,
  };
}

async function fillProfile(
  page: Page,
  profile: { prefix: string; given: string; family: string; day: string; month: string; year: string },
) {
  await page.getByLabel('Prefix').selectOption(profile.prefix);
  await page.getByLabel('Given name').fill(profile.given);
  await page.getByLabel('Family name').fill(profile.family);
  await page.getByLabel('Day').fill(profile.day);
  await page.getByLabel('Month').fill(profile.month);
  await page.getByLabel('Year').fill(profile.year);
}

/** Signs a new patient in by SMS code and registers 'Me' and a mother (the existing profile screens). */
async function signUpWithMother(page: Page): Promise<void> {
  const mobileNo = randomMobileNo();
  await page.goto(appUrl('/login', host));
  await page.getByPlaceholder('Type your mobile number here').fill(`0${mobileNo.slice(2)}`);
  await page.getByRole('button', { name: 'Send now' }).click();
  const codeInput = page.getByPlaceholder('Type verification code');
  await codeInput.waitFor();
  await codeInput.fill(await latestCode(mobileNo));
  await page.getByRole('button', { name: 'Verify now' }).click();
  await page.waitForURL((url) => url.pathname === '/profiles/registration');
  await page.getByRole('radio', { name: 'Me', exact: true }).check();
  await fillProfile(page, { prefix: 'Mr', given: 'Nimal', family: 'Perera', day: '7', month: '5', year: '1990' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.pathname === '/profiles');
  await page.getByRole('link', { name: 'Add new profile' }).click();
  await page.waitForURL((url) => url.pathname === '/profiles/registration');
  await page.getByRole('radio', { name: 'Mother' }).check();
  await fillProfile(page, { prefix: 'Mrs', given: 'Kamala', family: 'Perera', day: '09', month: '04', year: '1962' });
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.pathname === '/profiles');
  await page.getByRole('heading', { name: 'You have 2 profiles' }).waitFor();
}

describe('consultations: search, book at the hospital, the token, cancel refused', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('finds a doctor by specialty, books a session for the mother and sees the token', async () => {
    const session = await createSoonSession();
    const { context, page } = await newPhonePage(browser, { host });
    onTestFailed(async () => {
      await screenshot(page, 'consultations-failure');
    });
    const errors = collectPageErrors(page);
    await signUpWithMother(page);

    // /doctor: the specialty as you type (spec doc 2 §5 prefix match), then the hospital filter.
    await page.goto(appUrl('/doctor', host));
    await page.getByText('Search for a doctor or a specialty to see their sessions.').waitFor();
    await screenshot(page, 'consultations-doctor-start');
    const search = page.getByRole('combobox', { name: 'Search for a doctor name or specialty' });
    await search.fill(session.specialty.slice(0, 4).toLowerCase());
    await page.getByRole('option', { name: session.specialty, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/doctor' && url.searchParams.has('performerRole'));
    await page.getByLabel('Hospital', { exact: true }).selectOption({ label: session.hospital });
    await page.waitForURL((url) => url.searchParams.has('organization'));
    // A filter is set: the main bottom bar is hidden (spec doc 2 §2).
    await page.getByRole('button', { name: `Remove filter: ${session.specialty}` }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const card = await sessionLinkOnDoctorScreen(page, session.doctor, session.id);
    expect(await card.textContent()).toContain('Starting At');
    expect(await card.textContent()).toContain('0 of 10 booked');
    await screenshot(page, 'consultations-doctor-sessions');
    await card.click();

    // /view/session: no profile chosen, so the relationship modal opens; Mother picks her.
    await page.waitForURL((url) => url.pathname === '/view/session');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await screenshot(page, 'consultations-relationship-modal');
    await dialog.getByRole('button', { name: /Mother/ }).click();
    await page.getByText('Mrs Kamala Perera').waitFor();
    await page.getByText('Pay at the hospital when you arrive.').waitFor();
    await screenshot(page, 'consultations-session-ready');
    await page.getByRole('button', { name: 'Book', exact: true }).click();

    // /view/appointment: the token and whom it is for.
    await page.waitForURL((url) => url.pathname === '/view/appointment' && url.searchParams.get('sessionId') === session.id);
    const token = page.locator('.appointment-facts__token-number');
    await token.waitFor();
    expect(await token.textContent()).toBe('1');
    await page.getByText('Mrs Kamala Perera · Mother').waitFor();
    await page.getByRole('region', { name: 'Now with the doctor' }).waitFor();
    // spec doc 2 §4 Cancel: within 24 hours of the start, refused with the exact reason in the '...' (issue 29 §1.4).
    await page
      .getByText('You cannot cancel this appointment because the scheduled session time is within 24 hours from now.', { exact: true })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Cancel appointment' }).count()).toBe(0);
    await screenshot(page, 'consultations-appointment');

    expect(errors).toEqual([]);
    await context.close();
    // Sign-up, two profiles, search and booking: longer than one screen's journey.
  }, 300_000);
});
