import type { Locator, Page } from 'playwright-core';

/**
 * A session's card on /doctor (issue 29 §4.14: one card per doctor, the next session to book first,
 * the rest behind 'Show N more sessions'): opens the doctor's disclosure when the session is not the
 * one on show, and answers the session's link.
 * @param page - a page on /doctor
 * @param doctor - the doctor's name as the card's heading shows it
 * @param sessionId - the session
 */
export async function sessionLinkOnDoctorScreen(page: Page, doctor: string, sessionId: string): Promise<Locator> {
  const card = page.getByRole('article', { name: doctor });
  await card.waitFor();
  const link = card.locator(`a[href^="/view/session?sessionId=${sessionId}"]`);
  if (!(await link.isVisible())) {
    const more = card.getByRole('button', { name: /^Show \d+ more sessions?$/ });
    if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) === 'false') {
      await more.click();
    }
  }
  await link.waitFor();
  return link;
}

/**
 * A doctor's card on /doctor with all of its sessions on show: opens the disclosure when it is closed.
 * @param page - a page on /doctor
 * @param doctor - the doctor's name as the card's heading shows it
 */
export async function doctorCardOpened(page: Page, doctor: string): Promise<Locator> {
  const card = page.getByRole('article', { name: doctor });
  await card.waitFor();
  const more = card.getByRole('button', { name: /^Show \d+ more sessions?$/ });
  if ((await more.count()) > 0 && (await more.getAttribute('aria-expanded')) === 'false') {
    await more.click();
  }
  return card;
}
