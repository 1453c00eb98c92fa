import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { appUrl, collectPageErrors, expectNoAxeViolations } from '../../../../e2e/support/harness.ts';
import { colomboDoctor, gql, journeyHost, type Patient } from './journey-setup.ts';

// The staff console's side of the patient journeys (issue 29 §1.6), small steps a longer journey can
// chain: sign a demo member of the Colombo branch in, open a session's queue and read its rows, and
// refund a request to the card from Payments. The patient app's journeys may not import the
// console's own harness (apps/staff/e2e), so each screen these steps reach is waited for by its h1
// and checked with axe here.

/** The demo staff of the Colombo branch (apps/server/src/db/seed/staff-seed.ts) and their password. */
export const colomboStaff = {
  cashier: 'cashier.colombo@careline.test',
  receptionist: 'receptionist.colombo@careline.test',
  doctor: 'doctor.colombo@careline.test',
} as const;
const staffPassword = 'careline-demo-staff';

export type ConsolePage = { context: BrowserContext; page: Page; errors: string[] };

/**
 * A desktop console page (its own context) signed in as a demo member, on Home, axe-checked; its
 * page errors are collected in `errors`.
 * @param browser - from launchBrowser()
 * @param email - one of colomboStaff
 * @param shot - the screenshots' name prefix
 */
export async function consoleSignedIn(browser: Browser, email: string, shot: string): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: appUrl('', journeyHost), locale: 'en-US' });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const errors = collectPageErrors(page);
  await page.goto('/staff');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(staffPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
  await expectNoAxeViolations(page, `${shot}: console home`);
  return { context, page, errors };
}

/**
 * Opens a session's queue (a member who may read it: receptionist, doctor, nurse, admin) and waits
 * until it follows the server live.
 * @param page - a signed-in console page
 * @param sessionId - the session
 */
export async function openQueue(page: Page, sessionId: string): Promise<void> {
  await page.goto(`/staff/sessions/${sessionId}`);
  await page.getByRole('heading', { level: 1, name: 'Queue' }).waitFor();
  await page.getByRole('status').filter({ hasText: /^Live$/ }).waitFor();
  await expectNoAxeViolations(page, 'console queue');
}

/**
 * A row of the open queue, by the patient's name as the queue shows it ('Mr Sunil Fernando').
 * @param page - the queue page
 * @param patientName - the profile's display name
 */
export function queueRow(page: Page, patientName: string): Locator {
  return page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: patientName, exact: true }) });
}

/**
 * A queue row's status and payment columns as shown.
 * @param row - from queueRow()
 */
export async function queueRowState(row: Locator): Promise<{ status: string; payment: string }> {
  const cells = await row.getByRole('cell').allTextContents();
  return { status: (cells[1] ?? '').trim(), payment: (cells[2] ?? '').trim() };
}

/**
 * Asks for a refund of a paid appointment through the API, as the patient's refund wizard does
 * ('Other' → 'other': nothing excluded, so all of it goes back). The session is the Colombo
 * branch's (createSession).
 * @param patient - the appointment's owner (its own profile booked)
 * @param appointmentId - the paid appointment
 */
export async function requestRefundThroughApi(patient: Patient, appointmentId: string): Promise<void> {
  const { organizationId } = await colomboDoctor();
  await gql<{ createRefund: { id: string } }>(
    'mutation ($a: ID!, $p: ID!, $o: ID!) { createRefund(appointmentId: $a, patientId: $p, organizationId: $o, category: "Other", subcategory: "other") { id } }',
    { a: appointmentId, p: patient.patientId, o: organizationId },
    patient.token,
  );
}

/**
 * The cashier refunds a request to the card (issue 9 §8): Payments → the request of the token and
 * patient → 'Refund to card' → Confirm, and waits for the console to say it is refunded.
 * @param page - a console page signed in as a cashier (or admin)
 * @param request - the token number and the patient's name ending the request's heading
 * @param shot - the screenshots' name prefix
 */
export async function refundToCardInConsole(page: Page, request: { tokenNo: number; patientName: string }, shot: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
  await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
  const escaped = request.patientName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: new RegExp(`^Token ${String(request.tokenNo)}, .*${escaped}$`) }) });
  await card.getByRole('button', { name: 'Refund to card' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Refund to the card?' });
  await confirm.waitFor();
  await expectNoAxeViolations(page, `${shot}: refund to the card, confirm`);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('The refund request is now refunded.').waitFor();
}
