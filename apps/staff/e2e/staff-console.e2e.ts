import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appUrl,
  collectPageErrors,
  expectNoAxeViolations,
  latestCode,
  launchBrowser,
  randomMobileNo,
  screenshotTo,
  serverRequest,
} from '../../../e2e/support/harness.ts';

// The staff console's journey (issue 7): an admin signs in at /staff, creates a receptionist; the
// receptionist signs in, changes the temporary password and looks up a patient by number; the lookup
// is in the admin's audit trail. axe checks every screen on the way.

const screenshotsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
const demoAdmin = { email: 'admin@careline.test', password: 'careline-demo-staff' };

type Gql<T> = { data: T | null; errors?: { message: string }[] };

async function gql<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await serverRequest('POST', '/graphql', {
    body: { query, variables },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = JSON.parse(response.body) as Gql<T>;
  if (!body.data) {
    throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  }
  return body.data;
}

/** A patient who signed up by SMS and registered a profile at a hospital (through the API). */
async function registerPatientAt(hospitalId: string, mobileNo: string): Promise<string> {
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
  const given = `Journey${mobileNo.slice(-4)}`;
  await gql(
    `mutation ($h: ID) { createPatient(name: {prefix: "Mrs", given: ["${given}"], family: "Perera"}, birthDate: "1985-04-12", gender: "female", hospitalId: $h) { id } }`,
    { h: hospitalId },
    done.completeAuthentication.accessToken,
  );
  return given;
}

async function newDesktopPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    baseURL: appUrl(''),
    locale: 'en-US',
  });
  return { context, page: await context.newPage() };
}

/** Waits for a screen's h1 and checks the screen: focus on the heading, one h1, a title, axe. */
async function checkScreen(page: Page, heading: string, name: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  await h1.waitFor();
  expect(await page.locator('h1').count(), `one h1 on ${name}`).toBe(1);
  expect(await page.title()).toContain(heading);
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await screenshotTo(page, screenshotsDir, name);
  await expectNoAxeViolations(page, name);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/staff');
  await checkScreen(page, 'Sign in to the staff console', `staff-sign-in-${email.split('@')[0] ?? 'user'}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('staff console', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('admin creates a receptionist, who changes the password and looks up a patient; the admin sees it audited', async () => {
    const organizations = await gql<{ queryOrganization: { id: string; name: string }[] }>(
      '{ queryOrganization { id name } }',
    );
    // The group admin works in every hospital: pick the last one through the hospital switcher.
    const hospital = organizations.queryOrganization.at(-1);
    if (!hospital || organizations.queryOrganization.length < 2) {
      throw new Error('the demo needs at least two hospitals');
    }
    const mobileNo = randomMobileNo();
    const patientName = await registerPatientAt(hospital.id, mobileNo);

    // The admin signs in; a wrong password is refused on screen first.
    const admin = await newDesktopPage(browser);
    const adminErrors = collectPageErrors(admin.page);

    // Every text comes from the catalogues: Sinhala and Tamil screens pass axe too, and the choice is kept.
    await admin.page.goto('/staff');
    await admin.page.getByLabel('Language').selectOption('si');
    await admin.page.getByRole('heading', { level: 1, name: 'කාර්ය මණ්ඩල කොන්සෝලයට පුරනය වන්න' }).waitFor();
    await admin.page.reload();
    await checkScreen(admin.page, 'කාර්ය මණ්ඩල කොන්සෝලයට පුරනය වන්න', 'staff-sign-in-si');
    expect(await admin.page.evaluate(() => document.documentElement.lang)).toBe('si');
    await admin.page.getByLabel('භාෂාව').selectOption('ta');
    await admin.page.getByRole('heading', { level: 1, name: 'பணியாளர் கன்சோலில் உள்நுழையவும்' }).waitFor();
    await admin.page.reload();
    await checkScreen(admin.page, 'பணியாளர் கன்சோலில் உள்நுழையவும்', 'staff-sign-in-ta');
    await admin.page.getByLabel('மொழி').selectOption('en');
    await signIn(admin.page, demoAdmin.email, 'not-the-password');
    await admin.page.getByRole('alert').getByText('The email or password is not correct').waitFor();
    await admin.page.getByLabel('Password', { exact: true }).fill(demoAdmin.password);
    await admin.page.getByRole('button', { name: 'Sign in' }).click();
    await checkScreen(admin.page, 'Home', 'staff-admin-home');

    await admin.page.getByLabel('Hospital').selectOption({ label: hospital.name });
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff users' }).click();
    await checkScreen(admin.page, 'Staff users', 'staff-admin-users');
    await admin.page.getByText(`Staff of ${hospital.name}`).waitFor();

    const email = `receptionist-${mobileNo.slice(-6)}@hospital.test`;
    const form = admin.page.getByRole('region', { name: 'New staff user' });
    await form.getByLabel('Full name').fill('Nadeesha Journey');
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('checkbox', { name: 'Receptionist' }).check();
    await form.getByRole('button', { name: 'Create staff user' }).click();
    const temporaryPassword = (await admin.page.getByTestId('temporary-password').textContent())?.trim() ?? '';
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    await admin.page
      .getByRole('row', { name: /Nadeesha Journey/ })
      .getByRole('cell', { name: 'Receptionist', exact: true })
      .waitFor();
    await screenshotTo(admin.page, screenshotsDir, 'staff-admin-user-created');
    await expectNoAxeViolations(admin.page, 'staff users with a new user');

    // The receptionist signs in with the temporary password and must change it first.
    const receptionist = await newDesktopPage(browser);
    const receptionistErrors = collectPageErrors(receptionist.page);
    await signIn(receptionist.page, email, temporaryPassword);
    await checkScreen(receptionist.page, 'Change your password', 'staff-forced-password-change');
    await receptionist.page.getByLabel('Temporary password').fill(temporaryPassword);
    await receptionist.page.getByLabel('New password', { exact: true }).fill('short');
    await receptionist.page.getByText('Use at least 12 characters').waitFor();
    const newPassword = 'quiet river lantern 42';
    await receptionist.page.getByLabel('New password', { exact: true }).fill(newPassword);
    await receptionist.page.getByLabel('New password again').fill(newPassword);
    await receptionist.page.getByRole('button', { name: 'Change password' }).click();
    await checkScreen(receptionist.page, 'Home', 'staff-receptionist-home');

    // Usable on a tablet in portrait: the navigation moves above the content, nothing scrolls sideways.
    await receptionist.page.setViewportSize({ width: 820, height: 1180 });
    expect(await receptionist.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshotTo(receptionist.page, screenshotsDir, 'staff-receptionist-home-tablet');
    await expectNoAxeViolations(receptionist.page, 'home on a tablet');
    await receptionist.page.setViewportSize({ width: 1280, height: 800 });

    // Role-aware navigation: no administration for a receptionist.
    const nav = receptionist.page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Patient lookup', 'Change password']);

    await nav.getByRole('link', { name: 'Patient lookup' }).click();
    await checkScreen(receptionist.page, 'Patient lookup', 'staff-patient-lookup');
    await receptionist.page.getByLabel('Mobile number').fill(`0${mobileNo.slice(2)}`);
    await receptionist.page.getByRole('button', { name: 'Look up' }).click();
    await receptionist.page.getByRole('rowheader', { name: `Mrs ${patientName} Perera` }).waitFor();
    await screenshotTo(receptionist.page, screenshotsDir, 'staff-patient-found');
    await expectNoAxeViolations(receptionist.page, 'patient lookup with a result');

    // The admin's audit trail shows the receptionist's lookup.
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' }).click();
    await checkScreen(admin.page, 'Audit trail', 'staff-audit-trail');
    await admin.page.getByLabel('Action').selectOption({ label: 'Patient lookup' });
    await admin.page.getByRole('button', { name: 'Apply filter' }).click();
    const lookupRow = admin.page.locator('tr[data-action="patient.lookup"]', { hasText: 'Nadeesha Journey' });
    await lookupRow.first().waitFor();
    expect(await lookupRow.first().textContent()).toContain('Receptionist');
    expect(await lookupRow.first().textContent()).toContain(mobileNo);
    await screenshotTo(admin.page, screenshotsDir, 'staff-audit-trail-lookup');
    await expectNoAxeViolations(admin.page, 'audit trail filtered');

    // Live updates: the admin makes the receptionist an administrator too, and the receptionist's open
    // console shows the administration pages at once (graphql-ws with the staff token, no reload).
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff users' }).click();
    await checkScreen(admin.page, 'Staff users', 'staff-admin-users-again');
    await admin.page.getByRole('button', { name: 'Change roles of Nadeesha Journey' }).click();
    await admin.page.getByRole('group', { name: 'Change roles of Nadeesha Journey' }).getByRole('checkbox', { name: 'Administrator' }).check();
    await admin.page.getByRole('button', { name: 'Save roles' }).click();
    await admin.page.getByText('Roles of Nadeesha Journey saved.').waitFor();
    await nav.getByRole('link', { name: 'Staff users' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Home',
      'Patient lookup',
      'Staff users',
      'Audit trail',
      'Change password',
    ]);

    // Sign-out returns to the sign-in screen.
    await receptionist.page.getByRole('button', { name: 'Sign out' }).click();
    await receptionist.page.getByRole('heading', { level: 1, name: 'Sign in to the staff console' }).waitFor();

    expect(adminErrors).toEqual([]);
    expect(receptionistErrors).toEqual([]);
    await admin.context.close();
    await receptionist.context.close();
  });
});
