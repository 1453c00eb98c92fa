// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import { HistoryScreen } from './history-screen.tsx';
import { historyAppointment, renderHistory, serverPatient, testAccount, type GraphQLCall } from './history-test-render.tsx';

/** A wall-clock time on the hospital's clock (Asia/Colombo, UTC+5:30): history dates follow it, never the device's (issue 29 §1.3). */
function colombo(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month, day, hour, minute) - 330 * 60_000);
}


// A fixed clock on the hospital's clock: 23 Nov 2026, 10:00.
const now = colombo(2026, 10, 23, 10, 0);
const at = (day: number, hour: number, minute = 0) => colombo(2026, 10, day, hour, minute).toISOString();

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

function answering(appointments: unknown[]) {
  return (call: GraphQLCall) =>
    call.operationName === 'historyAppointments' ? { data: { queryAppointment: appointments } } : { data: null };
}

describe('HistoryScreen groups (spec doc 2 §2: Today, Upcoming, Past)', () => {
  it('lists each appointment under its group, with start time, token, status, doctor, role and hospital', async () => {
    const { calls } = await renderHistory({
      element: <HistoryScreen now={now} />,
      answer: answering([
        historyAppointment({ id: 'a-past', start: at(20, 9), appointmentStatus: 'fulfilled', tokenNo: 7 }),
        historyAppointment({ id: 'a-today', start: at(23, 16, 30), tokenNo: 12 }),
        historyAppointment({ id: 'a-next', start: at(25, 8, 5), appointmentStatus: 'noshow', doctorName: 'Dr. Ama Jay' }),
      ]),
    });
    const today = await screen.findByRole('region', { name: 'Today' });
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    const past = screen.getByRole('region', { name: 'Past' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.slice(0, 3)).toEqual(['Today', 'Upcoming', 'Past']);

    const todayCard = within(today).getByRole('link');
    expect(todayCard.getAttribute('href')).toBe('/view/appointment?sessionId=s-a-today&appointmentId=a-today');
    expect(todayCard.textContent).toContain('4:30 PM');
    expect(todayCard.textContent).toContain('Token No. 12');
    expect(todayCard.textContent).toContain('Booked');
    expect(todayCard.textContent).toContain('Dr. Nimal Silva');
    expect(todayCard.textContent).toContain('Cardiologist');
    expect(todayCard.textContent).toContain('Lanka Hospitals');
    expect(within(upcoming).getByRole('link').textContent).toContain('No Show');
    expect(within(upcoming).getByRole('link').textContent).toContain('8:05 AM');
    expect(within(past).getByRole('link').textContent).toContain('Completed');

    // Every profile of the account is asked for, within the spec's limit.
    expect(calls[0]?.variables).toEqual({ participantActorReference: ['Patient/p-me', 'Patient/p-mother'], limit: 5000 });
  });
});

describe('HistoryScreen paging (spec doc 2 §9: 8, then 8 more)', () => {
  it('shows 8, then 8 more per See more, until all are shown', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) =>
      historyAppointment({ id: `a${index + 1}`, start: at(22, 0, index), tokenNo: index + 1 }),
    );
    await renderHistory({ element: <HistoryScreen now={now} />, answer: answering(twenty) });
    const past = await screen.findByRole('region', { name: 'Past' });
    expect(within(past).getAllByRole('link')).toHaveLength(8);
    expect(screen.getByText('Showing 8 of 20')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(within(screen.getByRole('region', { name: 'Past' })).getAllByRole('link')).toHaveLength(16);
    // Focus goes to the first card the load added (the 9th).
    expect(document.activeElement?.textContent).toContain('Token No. 12');

    fireEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(within(screen.getByRole('region', { name: 'Past' })).getAllByRole('link')).toHaveLength(20);
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
    expect(screen.getByText('Showing 20 of 20')).toBeTruthy();
  });

  it('shows no See more for 8 or fewer', async () => {
    const eight = Array.from({ length: 8 }, (_, index) => historyAppointment({ id: `a${index}`, start: at(22, 1, index) }));
    await renderHistory({ element: <HistoryScreen now={now} />, answer: answering(eight) });
    await screen.findByRole('region', { name: 'Past' });
    expect(screen.queryByRole('button', { name: 'See more' })).toBeNull();
  });
});

describe('HistoryScreen states', () => {
  it('empty: the spec text and a button to book (/doctor)', async () => {
    await renderHistory({ element: <HistoryScreen now={now} />, answer: answering([]) });
    expect(await screen.findByText("Sorry, We didn't find any visits of you yet")).toBeTruthy();
    const book = screen.getByRole('link', { name: 'Book an appointment' });
    expect(book.getAttribute('href')).toBe('/doctor');
  });

  it('a load error shows the server text and tries again', async () => {
    let fail = true;
    const { calls } = await renderHistory({
      element: <HistoryScreen now={now} />,
      answer: (call) =>
        fail
          ? { data: null, errors: [{ message: 'ARO-E2001:Not found' }] }
          : answering([historyAppointment({ id: 'a1', start: at(23, 12) })])(call),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load your appointments.');
    expect(alert.textContent).toContain('Not found');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Today' })).toBeTruthy();
    expect(calls.length).toBe(2);
  });

  it('shows the history bottom bar', async () => {
    await renderHistory({ element: <HistoryScreen now={now} />, answer: answering([]) });
    await screen.findByText("Sorry, We didn't find any visits of you yet");
    const bar = screen.getByRole('navigation');
    expect(within(bar).getByRole('link', { name: 'My Appointments' }).getAttribute('href')).toBe('/history/appointments');
    expect(within(bar).getByRole('link', { name: 'All Orders' }).getAttribute('href')).toBe('/history/orders');
  });
});

describe('HistoryScreen profile cards (spec doc 2 §2 Appointment history, Loyalty)', () => {
  it('expand to the profile’s appointments and loyalty: Name, Active Points, Amount = points / rate, zero hidden', async () => {
    const account = testAccount(
      [serverPatient('p-me', 'Me', 'Kamala'), serverPatient('p-mother', 'Mother', 'Sita')],
      [
        { id: 'l1', patientId: 'p-mother', patientRelationship: 'Mother', name: 'Gold Club', activePoints: 250, rate: 10 },
        { id: 'l2', patientId: 'p-mother', patientRelationship: 'Mother', name: 'Empty Club', activePoints: 0, rate: 10 },
        { id: 'l3', patientId: 'p-me', patientRelationship: 'Me', name: 'Other Club', activePoints: 40, rate: 4 },
      ],
    );
    await renderHistory({
      element: <HistoryScreen now={now} />,
      account,
      answer: answering([
        historyAppointment({ id: 'a-me', start: at(23, 12), patientId: 'p-me' }),
        historyAppointment({ id: 'a-mother', start: at(10, 12), patientId: 'p-mother', doctorName: 'Dr. Mother Doc' }),
      ]),
    });
    const profiles = await screen.findByRole('region', { name: 'Profiles' });
    const toggle = within(profiles).getByRole('button', { name: /Sita/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!panel) {
      throw new Error('no panel');
    }
    const loyalty = within(panel).getByRole('region', { name: 'Loyalty Information' });
    expect(within(loyalty).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Active Points', 'Amount']);
    const rows = within(loyalty).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Gold Club', '250', '25.00 USD'],
    ]);
    const links = within(panel).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.textContent).toContain('Dr. Mother Doc');
  });

  it('?patientId narrows the list to that profile', async () => {
    await renderHistory({
      element: <HistoryScreen now={now} />,
      path: '/history/appointments?patientId=p-mother',
      answer: answering([
        historyAppointment({ id: 'a-me', start: at(23, 12), patientId: 'p-me', doctorName: 'Dr. Mine' }),
        historyAppointment({ id: 'a-mother', start: at(23, 13), patientId: 'p-mother', doctorName: 'Dr. Hers' }),
      ]),
    });
    const today = await screen.findByRole('region', { name: 'Today' });
    expect(within(today).getAllByRole('link').map((link) => link.textContent).join()).not.toContain('Dr. Mine');
    expect(within(today).getByRole('link').textContent).toContain('Dr. Hers');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Appointments of Mrs Sita Perera');
  });
});

describe('HistoryScreen actions', () => {
  it('offers Rate your visit for a completed visit within 30 days, and a refund only where the tenant allows and nothing blocks it', async () => {
    const tenant: TenantPublicConfig = deepMerge(baseTenantConfig, { features: { appointmentRefund: { enabled: true } } });
    await renderHistory({
      element: <HistoryScreen now={now} />,
      tenant,
      answer: answering([
        historyAppointment({ id: 'a-done', start: at(20, 9), appointmentStatus: 'fulfilled', paymentStatus: 'paid', doctorName: 'Dr. Done' }),
        historyAppointment({ id: 'a-old', start: colombo(2026, 8, 1).toISOString(), appointmentStatus: 'fulfilled', doctorName: 'Dr. Old' }),
        historyAppointment({ id: 'a-unpaid', start: at(24, 9), doctorName: 'Dr. Unpaid' }),
      ]),
    });
    await screen.findByRole('region', { name: 'Past' });
    const cards = screen.getAllByRole('article');
    const done = cards.find((card) => card.textContent?.includes('Dr. Done'));
    const old = cards.find((card) => card.textContent?.includes('Dr. Old'));
    const unpaid = cards.find((card) => card.textContent?.includes('Dr. Unpaid'));
    expect(within(done!).getByRole('button', { name: 'Rate your visit' })).toBeTruthy();
    expect(within(done!).getByRole('button', { name: 'Request a refund' })).toBeTruthy();
    expect(within(old!).queryByRole('button', { name: 'Rate your visit' })).toBeNull();
    expect(within(unpaid!).queryByRole('button')).toBeNull();

    fireEvent.click(within(done!).getByRole('button', { name: 'Rate your visit' }));
    expect(screen.getByRole('dialog', { name: 'Rate your visit' })).toBeTruthy();
  });
});

// issue 6 §5: in Sinhala and Tamil the screen shows, names and announces no English of its own.
describe.each(['si', 'ta'] as const)('HistoryScreen in %s', (locale) => {
  it('has no English text, label or heading of its own', async () => {
    const account = testAccount(
      [serverPatient('p-me', 'Me', 'කමලා')],
      [{ id: 'l1', patientId: 'p-me', patientRelationship: 'Me', name: 'රන්', activePoints: 20, rate: 2 }],
    );
    const tenant: TenantPublicConfig = deepMerge(baseTenantConfig, { features: { appointmentRefund: { enabled: true } } });
    const local = { doctorName: 'වෛද්‍ය නිමල්', doctorRole: 'හෘද', organizationName: 'ලංකා', patientDisplayName: 'කමලා' };
    await renderHistory({
      element: <HistoryScreen now={now} />,
      account,
      tenant,
      locale,
      answer: answering(
        Array.from({ length: 9 }, (_, index) =>
          historyAppointment({ id: `a${index}`, start: at(20, 9, index), appointmentStatus: 'fulfilled', paymentStatus: 'paid', ...local }),
        ),
      ),
    });
    await screen.findAllByRole('article');
    fireEvent.click(screen.getAllByRole('button', { expanded: false })[0]!);
    const latin = [...document.body.querySelectorAll('*')]
      .flatMap((element) => [
        ...[...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent ?? ''),
        element.getAttribute('aria-label') ?? '',
      ])
      // Money carries the tenant's currency code (USD), and times the spec's AM/PM (h:mm A).
      .map((text) => text.replace(/\b(USD|AM|PM|Mrs|Perera)\b/g, ''))
      .filter((text) => /[A-Za-z]{3,}/.test(text));
    expect(latin).toEqual([]);
  });
});

describe('history cards: the payment and the hospital’s dates (issue 29 §1.3)', () => {
  // 20:00 UTC on 23 Nov is 01:30 on Tuesday 24 Nov at the hospital (Asia/Colombo).
  const lateAtNight = '2026-11-23T20:00:00.000Z';

  it('marks each card Paid, Payment pending or Appointment not paid; a refund reads as paid, a cancelled unpaid one and a free one say nothing', async () => {
    await renderHistory({
      element: <HistoryScreen now={now} />,
      answer: answering([
        historyAppointment({ id: 'a-paid', start: at(25, 9), paymentStatus: 'paid', doctorName: 'Dr. Paid' }),
        historyAppointment({ id: 'a-pending', start: at(25, 10), paymentStatus: 'pending', doctorName: 'Dr. Pending' }),
        historyAppointment({ id: 'a-unpaid', start: at(25, 11), paymentStatus: 'unpaid', doctorName: 'Dr. Unpaid' }),
        historyAppointment({ id: 'a-refunded', start: at(25, 12), paymentStatus: 'paid', paymentRefundStatus: 'refunded', doctorName: 'Dr. Refunded' }),
        historyAppointment({ id: 'a-gone', start: at(25, 13), paymentStatus: 'pending', appointmentStatus: 'cancelled', doctorName: 'Dr. Gone' }),
        historyAppointment({
          id: 'a-free',
          start: at(25, 14),
          paymentStatus: 'pending',
          doctorName: 'Dr. Free',
          session: { __typename: 'Session', id: 's-a-free', chargingSchemeId: null },
        }),
      ]),
    });
    const card = async (doctor: string) => (await screen.findByText(doctor)).closest('a') as HTMLElement;
    expect((await card('Dr. Paid')).textContent).toContain('Paid');
    expect((await card('Dr. Pending')).textContent).toContain('Payment pending');
    expect((await card('Dr. Unpaid')).textContent).toContain('Appointment not paid');
    expect((await card('Dr. Refunded')).textContent).toContain('Paid');
    const gone = (await card('Dr. Gone')).textContent ?? '';
    expect(gone).not.toContain('Payment pending');
    expect(gone).not.toContain('Appointment not paid');
    // A free session (no charging scheme) has nothing to pay: no chip asks for a payment (nothingToPay).
    const free = (await card('Dr. Free')).textContent ?? '';
    expect(free).not.toContain('Payment pending');
    expect(free).not.toContain('Appointment not paid');
  });

  it('writes the day and time on the hospital’s clock, with Sinhala and Tamil day and month names', async () => {
    await renderHistory({
      element: <HistoryScreen now={now} />,
      answer: answering([historyAppointment({ id: 'a-night', start: lateAtNight })]),
    });
    const english = (await screen.findByText('Dr. Nimal Silva')).closest('a') as HTMLElement;
    expect(english.textContent).toContain('Tue, 24 Nov 2026');
    expect(english.textContent).toContain('1:30 AM');
    cleanup();

    await renderHistory({
      element: <HistoryScreen now={now} />,
      locale: 'si',
      answer: answering([historyAppointment({ id: 'a-night', start: lateAtNight })]),
    });
    const sinhala = (await screen.findByText('Dr. Nimal Silva')).closest('a') as HTMLElement;
    expect(sinhala.textContent).toContain('අඟහ');
    expect(sinhala.textContent).toContain('ඉල්');
    expect(sinhala.textContent).toContain('24');
    expect(sinhala.textContent).toContain('1.30');
    cleanup();

    await renderHistory({
      element: <HistoryScreen now={now} />,
      locale: 'ta',
      answer: answering([historyAppointment({ id: 'a-night', start: lateAtNight })]),
    });
    const tamil = (await screen.findByText('Dr. Nimal Silva')).closest('a') as HTMLElement;
    expect(tamil.textContent).toContain('செவ்.');
    expect(tamil.textContent).toContain('நவ.');
  });
});
