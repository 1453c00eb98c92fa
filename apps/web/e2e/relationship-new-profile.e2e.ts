import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, collectPageErrors, launchBrowser, screenshot } from './support/index.ts';
import { createSession, gql, signedInPatient, signedInPhone, staffToken } from './support/journey-setup.ts';

// Issue 29 §1.5 browser journey: an account with a self profile books for a mother who has no profile
// yet. The relationship modal says that this person has no profile (not 'No profiles found'), 'Add new
// profile' opens the registration form, and saving it comes back to the booking with the mother's new
// profile chosen; the booking is hers.

describe('the relationship modal: a person with no profile yet, added on the way to booking', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it("says the mother has no profile yet, adds hers, and books with it chosen", async () => {
    const patient = await signedInPatient('Sunil');
    const sessionId = await createSession(await staffToken(), 3, 'Room Relationship E2E');
    const { context, page } = await signedInPhone(browser, patient, 'relationship-new-profile-failure');
    const errors = collectPageErrors(page);

    // /view/session: no profile chosen, so the relationship modal opens; Mother has no profile.
    await page.goto(`/view/session?sessionId=${sessionId}`);
    const dialog = page.getByRole('dialog', { name: 'This account is for?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Mother', exact: true }).click();
    await dialog.getByText('You have not added a profile for your Mother yet.').waitFor();
    expect(await dialog.getByText('No profiles found').count()).toBe(0);
    await checkScreen(page, 'relationship modal, no profile for Mother');
    await screenshot(page, 'relationship-new-profile-modal');
    await dialog.getByRole('button', { name: 'Add new profile' }).click();

    // The registration form, Mother already chosen.
    await page.waitForURL((url) => url.pathname === '/profiles/registration' && url.searchParams.has('back'));
    expect(await page.getByRole('radio', { name: 'Mother', exact: true }).isChecked()).toBe(true);
    await page.getByLabel('Prefix').selectOption('Mrs');
    await page.getByLabel('Given name').fill('Kamala');
    await page.getByLabel('Family name').fill('Fernando');
    await page.getByLabel('Day').fill('09');
    await page.getByLabel('Month').fill('04');
    await page.getByLabel('Year').fill('1952');
    await page.getByRole('button', { name: 'Save' }).click();

    // Back at the booking: the mother's new profile is chosen, no modal asks again, and the created
    // profile's id has left the address.
    await page.waitForURL(
      (url) => url.pathname === '/view/session' && url.searchParams.get('sessionId') === sessionId && !url.searchParams.has('createdPatientId'),
    );
    await page.locator('.chosen-patient__name', { hasText: 'Mrs Kamala Fernando' }).waitFor();
    expect(await page.locator('.chosen-patient__name').textContent()).toBe('Mrs Kamala Fernando · Mother');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'relationship-new-profile-session');
    await page.getByRole('button', { name: 'Book', exact: true }).click();

    // The appointment is the mother's, her new profile's (read with the account's own token).
    await page.waitForURL((url) => url.pathname === '/view/appointment' && url.searchParams.get('sessionId') === sessionId);
    await page.getByText('Mrs Kamala Fernando · Mother').waitFor();
    const appointmentId = new URL(page.url()).searchParams.get('appointmentId');
    const { queryOneProfile } = await gql<{ queryOneProfile: { patients: { id: string; name: { given: string[] } }[] } }>(
      '{ queryOneProfile { patients { id name { given } } } }',
      {},
      patient.token,
    );
    const mother = queryOneProfile.patients.find((profile) => profile.name.given.includes('Kamala'));
    const { queryAppointment } = await gql<{ queryAppointment: { patientId: string }[] }>(
      'query ($id: ID) { queryAppointment(id: $id) { patientId } }',
      { id: appointmentId },
      patient.token,
    );
    expect(mother).toBeDefined();
    expect(queryAppointment[0]?.patientId).toBe(mother?.id);
    await screenshot(page, 'relationship-new-profile-appointment');

    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
