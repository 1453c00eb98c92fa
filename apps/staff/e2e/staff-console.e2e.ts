import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkScreen,
  collectPageErrors,
  expectHeading,
  expectNoAxeViolations,
  latestCode,
  launchBrowser,
  newConsolePage,
  randomMobileNo,
  screenshot,
  serverGraphql,
} from './support/index.ts';

// The staff console's journeys (issue 7): an admin signs in at /staff, creates a receptionist; the
// receptionist signs in, changes the temporary password and looks up a patient by number; the lookup
// is in the admin's audit trail. An admin creates a doctor linked to a practitioner. Every screen on
// the way is checked (one h1, its title, axe): newConsolePage() checks the screens goto() and reload()
// arrive on, checkScreen() those reached by a click, and a screen never checked fails the journey.

const demoAdmin = { email: 'admin@careline.test', password: 'careline-demo-staff' };

const gql = <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> =>
  serverGraphql<T>(query, variables, { token });

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

/** Opens the sign-in screen (checked on arrival) and signs in. */
async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/staff');
  await expectHeading(page, 'Sign in to the staff console');
  await screenshot(page, `staff-sign-in-${email.split('@')[0] ?? 'user'}`);
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

    // The admin signs in; an unknown email is refused on screen first.
    const admin = await newConsolePage(browser);
    const adminErrors = collectPageErrors(admin.page);

    // Every text comes from the catalogues: Sinhala and Tamil screens pass axe too, and the choice is kept.
    await admin.page.goto('/staff');
    await admin.page.getByLabel('Language').selectOption('si');
    await admin.page.getByRole('heading', { level: 1, name: 'කාර්ය මණ්ඩල කොන්සෝලයට පුරනය වන්න' }).waitFor();
    await admin.page.reload();
    await expectHeading(admin.page, 'කාර්ය මණ්ඩල කොන්සෝලයට පුරනය වන්න');
    await screenshot(admin.page, 'staff-sign-in-si');
    expect(await admin.page.evaluate(() => document.documentElement.lang)).toBe('si');
    await admin.page.getByLabel('භාෂාව').selectOption('ta');
    await admin.page.getByRole('heading', { level: 1, name: 'பணியாளர் கன்சோலில் உள்நுழையவும்' }).waitFor();
    await admin.page.reload();
    await expectHeading(admin.page, 'பணியாளர் கன்சோலில் உள்நுழையவும்');
    await screenshot(admin.page, 'staff-sign-in-ta');
    await admin.page.getByLabel('மொழி').selectOption('en');
    // An email nobody has: a wrong password for the admin would count towards the admin's lockout,
    // and the admin signs in in many journeys, some running alongside this one.
    await signIn(admin.page, 'nobody@careline.test', 'not-the-password');
    await admin.page.getByRole('alert').getByText('The email or password is not correct').waitFor();
    await admin.page.getByLabel('Email address').fill(demoAdmin.email);
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
    await screenshot(admin.page, 'staff-admin-user-created');
    await expectNoAxeViolations(admin.page, 'staff users with a new user');

    // The receptionist signs in with the temporary password and must change it first.
    const receptionist = await newConsolePage(browser);
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
    await screenshot(receptionist.page, 'staff-receptionist-home-tablet');
    await expectNoAxeViolations(receptionist.page, 'home on a tablet');
    await receptionist.page.setViewportSize({ width: 1280, height: 800 });

    // Role-aware navigation: no administration for a receptionist (who answers chats).
    const nav = receptionist.page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Home', 'Sessions', 'Patient lookup', 'Chats', 'Change password']);

    await nav.getByRole('link', { name: 'Patient lookup' }).click();
    await checkScreen(receptionist.page, 'Patient lookup', 'staff-patient-lookup');
    await receptionist.page.getByLabel('Mobile number').fill(`0${mobileNo.slice(2)}`);
    await receptionist.page.getByRole('button', { name: 'Look up' }).click();
    await receptionist.page.getByRole('rowheader', { name: `Mrs ${patientName} Perera` }).waitFor();
    await screenshot(receptionist.page, 'staff-patient-found');
    await expectNoAxeViolations(receptionist.page, 'patient lookup with a result');

    // The admin's audit trail shows the receptionist's lookup.
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit trail' }).click();
    await checkScreen(admin.page, 'Audit trail', 'staff-audit-trail');
    // issue 30 §2.6: readable at 1280 × 800, the rows filtered on the server by action and patient.
    const trailRows = admin.page.locator('tbody tr');
    await trailRows.first().waitFor();
    const unfiltered = await trailRows.count();
    const fullName = `Mrs ${patientName} Perera`;
    await admin.page.getByLabel('Action').selectOption({ label: 'Patient lookup' });
    await admin.page.getByLabel('Patient', { exact: true }).fill(`0${mobileNo.slice(2)}`);
    await admin.page.getByRole('button', { name: 'Apply filter' }).click();
    const lookupRow = admin.page.locator('tr[data-action="patient.lookup"]', { hasText: 'Nadeesha Journey' });
    await lookupRow.first().waitFor();
    await expect
      .poll(async () => (await trailRows.allInnerTexts()).every((row) => row.includes(fullName) && row.includes('Patient lookup')))
      .toBe(true);
    expect(await trailRows.count()).toBeLessThan(unfiltered);
    // The patient by name and number (in full for an admin, who may look patients up by it), the
    // hospital's time in the console's language, the action in words, and no id written out.
    const lookupText = await lookupRow.first().innerText();
    expect(lookupText).toContain('Receptionist');
    expect(lookupText).toContain(fullName);
    expect(lookupText).toContain(`+94 ${mobileNo.slice(2, 4)} ${mobileNo.slice(4, 7)} ${mobileNo.slice(7)}`);
    expect(lookupText).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}/);
    expect(lookupText).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(lookupText).not.toMatch(/patient\.lookup|mobileNo|\d+\/\d+\/\d{4}/);
    expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
    expect(await admin.page.locator('.table-scroll').evaluate((scroll) => scroll.scrollWidth <= scroll.clientWidth)).toBe(true);
    const rowBox = await lookupRow.first().boundingBox();
    expect(rowBox && rowBox.x + rowBox.width).toBeLessThanOrEqual(1280);
    await screenshot(admin.page, 'staff-audit-trail-lookup');
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
      'Sessions',
      'Patient lookup',
      'Orders',
      'Lab reports',
      'Questionnaires',
      'Chats',
      'Payments',
      'Staff users',
      'Doctors',
      'Displays',
      'Audit trail',
      'Change password',
    ]);

    // Sign-out returns to the sign-in screen.
    await receptionist.page.getByRole('button', { name: 'Sign out' }).click();
    await checkScreen(receptionist.page, 'Sign in to the staff console', 'staff-signed-out');

    expect(adminErrors).toEqual([]);
    expect(receptionistErrors).toEqual([]);
    await admin.context.close();
    await receptionist.context.close();
    // Two signed-in consoles and a dozen checked screens: a shared 2-core machine needs more than the default.
  }, 300_000);

  it('admin creates a doctor linked to a practitioner of the hospital through the picker', async () => {
    const organizations = await gql<{ queryOrganization: { id: string; name: string }[] }>(
      '{ queryOrganization { id name } }',
    );
    // The demo's anchor doctors work at the Colombo branch (apps/server/src/db/seed/demo-data.ts).
    const colombo = organizations.queryOrganization.find((o) => o.name.endsWith('Colombo'));
    const practitioners = await gql<{ queryPractitioner: { id: string; name: { text: string } }[] }>(
      '{ queryPractitioner(has: "Nimal Perera") { id name { text } } }',
    );
    const nimal = practitioners.queryPractitioner.find((p) => p.name.text === 'Dr. Nimal Perera');
    if (!colombo || !nimal) {
      throw new Error('the demo needs the Colombo branch and its anchor doctor Dr. Nimal Perera');
    }

    const admin = await newConsolePage(browser);
    const errors = collectPageErrors(admin.page);
    await signIn(admin.page, demoAdmin.email, demoAdmin.password);
    await checkScreen(admin.page, 'Home', 'staff-admin-home-doctor');
    await admin.page.getByLabel('Hospital').selectOption({ label: colombo.name });
    await admin.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Staff users' }).click();
    await checkScreen(admin.page, 'Staff users', 'staff-admin-users-doctor');
    await admin.page.getByText(`Staff of ${colombo.name}`).waitFor();

    const email = `doctor-${randomMobileNo().slice(-6)}@hospital.test`;
    const form = admin.page.getByRole('region', { name: 'New staff user' });
    await form.getByLabel('Full name').fill('Nimal Journey');
    await form.getByLabel('Email address').fill(email);
    // The picker appears only with the doctor role, and a doctor cannot be saved without it.
    const picker = form.getByRole('combobox', { name: 'Practitioner record of the doctor' });
    expect(await picker.count()).toBe(0);
    await form.getByRole('checkbox', { name: 'Doctor' }).check();
    await picker.waitFor();
    expect(await picker.getAttribute('aria-describedby')).toBeTruthy();
    await form.getByRole('button', { name: 'Create staff user' }).click();
    await form.getByText('Choose the practitioner this doctor is').waitFor();
    expect(await picker.getAttribute('aria-invalid')).toBe('true');
    expect(await picker.evaluate((element) => element === document.activeElement)).toBe(true);
    const described = await picker.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? ''),
    );
    expect(described).toContain('Choose the practitioner this doctor is');
    await screenshot(admin.page, 'staff-doctor-needs-practitioner');
    await expectNoAxeViolations(admin.page, 'new doctor without a practitioner');

    // By keyboard: type in the search, the matches are announced, then choose in the select.
    await form.getByRole('searchbox', { name: 'Find the practitioner' }).fill('nimal perera');
    await form.getByRole('status').getByText('1 practitioner matches.').waitFor();
    expect(await picker.locator('option').allTextContents()).toEqual([
      'Choose a practitioner',
      'Dr. Nimal Perera — Cardiologist',
    ]);
    await picker.selectOption({ label: 'Dr. Nimal Perera — Cardiologist' });
    await screenshot(admin.page, 'staff-doctor-practitioner-chosen');
    await expectNoAxeViolations(admin.page, 'new doctor with a practitioner');
    await form.getByRole('button', { name: 'Create staff user' }).click();
    const temporaryPassword = (await admin.page.getByTestId('temporary-password').textContent())?.trim() ?? '';
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    await admin.page
      .getByRole('row', { name: /Nimal Journey/ })
      .getByRole('cell', { name: 'Doctor', exact: true })
      .waitFor();
    expect(await picker.count()).toBe(0);

    // The account is linked to that practitioner, at that hospital.
    const token = (
      await gql<{ staffSignIn: { token: string } }>(
        'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
        { e: demoAdmin.email, p: demoAdmin.password },
      )
    ).staffSignIn.token;
    const staff = await gql<{
      staffUsers: { email: string; memberships: { organizationId: string; role: string; practitionerId: string | null }[] }[];
    }>(
      'query ($o: ID!) { staffUsers(organizationId: $o) { email memberships { organizationId role practitionerId } } }',
      { o: colombo.id },
      token,
    );
    expect(staff.staffUsers.find((user) => user.email === email)?.memberships).toEqual([
      { organizationId: colombo.id, role: 'doctor', practitionerId: nimal.id },
    ]);

    expect(errors).toEqual([]);
    await admin.context.close();
  });
});
