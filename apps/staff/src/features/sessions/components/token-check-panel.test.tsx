// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { activateStaffLocale, createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import type { Client } from 'urql';
import { Provider } from 'urql';
import { fromValue, never } from 'wonka';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { enteredHighestToken, TokenCheckPanel } from './token-check-panel.tsx';

const hospital: Hospital = { id: 'h1', name: 'Careline Hospitals - Colombo', memberships: [] };
const restore = { restoredAt: '2030-01-01T05:00:00.000Z', dataAsOf: '2030-01-01T02:15:00.000Z' };
// 09:00 and 14:30 in Colombo (UTC+05:30).
const paused = [
  { id: 's1', practitionerName: 'Dr. Nimal Perera', startTime: '2030-01-01T03:30:00.000Z', endTime: '2030-01-01T05:30:00.000Z', issuedTokens: 2, tokenCheck: restore },
  { id: 's2', practitionerName: 'Dr. Dilani Jayasinghe', startTime: '2030-01-02T09:00:00.000Z', endTime: '2030-01-02T11:00:00.000Z', issuedTokens: 0, tokenCheck: restore },
];

type Sent = { name: string; variables: Record<string, unknown> };

/** A urql client answering the panel's list from memory and recording the confirmations sent. */
function fakeClient(sessions = paused, answer: Record<string, unknown> = { data: { staffConfirmSessionTokens: [] } }) {
  const sent: Sent[] = [];
  const nameOf = (query: { definitions: readonly unknown[] }) => (query.definitions[0] as { name?: { value: string } }).name?.value ?? '';
  const client = {
    executeQuery: vi.fn((operation: Parameters<Client['executeQuery']>[0]) =>
      nameOf(operation.query) === 'staffSessionsAwaitingTokenCheck'
        ? fromValue({ operation, data: { staffSessionsAwaitingTokenCheck: sessions }, stale: false, hasNext: false })
        : never,
    ),
    mutation: vi.fn((query: { definitions: readonly unknown[] }, variables: Record<string, unknown>) => {
      sent.push({ name: nameOf(query), variables });
      return { toPromise: () => Promise.resolve(answer) };
    }),
    executeSubscription: vi.fn(() => never),
  } as unknown as Client;
  return { client, sent };
}

async function renderPanel(options: { mayConfirm?: boolean; locale?: 'en' | 'si' | 'ta'; sessions?: typeof paused; answer?: Record<string, unknown> } = {}) {
  const fake = fakeClient(options.sessions, options.answer);
  const onConfirmed = vi.fn();
  const i18n = createStaffI18n();
  if (options.locale && options.locale !== 'en') {
    await activateStaffLocale(i18n, options.locale);
  }
  const view = render(
    <I18nProvider i18n={i18n}>
      <Provider value={fake.client}>
        <TokenCheckPanel hospital={hospital} mayConfirm={options.mayConfirm ?? true} onConfirmed={onConfirmed} />
      </Provider>
    </I18nProvider>,
  );
  return { ...fake, onConfirmed, container: view.container };
}

/** axe on what is rendered; jsdom lays nothing out, so colour contrast is left to the browser journeys. */
async function axeViolations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

afterEach(() => {
  cleanup();
});

describe('enteredHighestToken', () => {
  it('takes a whole number at least the tokens in the system, nothing else', () => {
    expect(enteredHighestToken(' 4 ', 2)).toBe(4);
    expect(enteredHighestToken('2', 2)).toBe(2);
    expect(enteredHighestToken('1', 2)).toBeNull();
    expect(enteredHighestToken('3.5', 2)).toBeNull();
    expect(enteredHighestToken('', 0)).toBeNull();
    expect(enteredHighestToken('-1', 0)).toBeNull();
  });
});

describe('the sessions paused after a restore', () => {
  it('says what happened and lists each session with its tokens in the system; axe finds nothing', async () => {
    const { container } = await renderPanel();
    const section = await screen.findByRole('region', { name: 'Bookings paused after a restore' });
    expect(section.textContent).toContain('Tokens given after 2030-01-01 07:45 are not in it');
    const table = within(section).getByRole('table', { name: 'Sessions with paused bookings, Careline Hospitals - Colombo' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['2030-01-01 09:00', '2030-01-02 14:30']);
    expect(screen.getByLabelText<HTMLInputElement>('Highest token already given, Dr. Nimal Perera, 2030-01-01 09:00').value).toBe('2');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('refuses a number below the tokens in the system without sending it', async () => {
    const { sent, container } = await renderPanel();
    const input = await screen.findByLabelText('Highest token already given, Dr. Nimal Perera, 2030-01-01 09:00');
    fireEvent.change(input, { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the highest token of Dr. Nimal Perera, 2030-01-01 09:00' }));
    expect(await screen.findByText('Enter a whole number, at least 2')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(await axeViolations(container)).toEqual([]);
  });

  it('confirms one session with the number entered and says which token comes next', async () => {
    const { sent, onConfirmed } = await renderPanel();
    fireEvent.change(await screen.findByLabelText('Highest token already given, Dr. Nimal Perera, 2030-01-01 09:00'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the highest token of Dr. Nimal Perera, 2030-01-01 09:00' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('Bookings are open again for Dr. Nimal Perera, 2030-01-01 09:00: the next token is 5.'));
    expect(sent).toEqual([
      { name: 'staffConfirmSessionTokens', variables: { organizationId: 'h1', confirmations: [{ sessionId: 's1', highestTokenGiven: 4 }] } },
    ]);
  });

  it('confirms all as entered only after a confirmation that takes the focus', async () => {
    const { sent, onConfirmed, container } = await renderPanel();
    fireEvent.change(await screen.findByLabelText('Highest token already given, Dr. Dilani Jayasinghe, 2030-01-02 14:30'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm all as entered (2)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm every session listed?' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Yes, confirm all'));
    expect(await axeViolations(container)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, confirm all' }));
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('Bookings are open again for the sessions confirmed (2).'));
    expect(sent[0]?.variables.confirmations).toEqual([
      { sessionId: 's1', highestTokenGiven: 2 },
      { sessionId: 's2', highestTokenGiven: 7 },
    ]);
  });

  it("shows the server's refusal in the console's language", async () => {
    const answer = { error: 'ARO-E4022:The tokens of this session are already confirmed' };
    await renderPanel({ answer, locale: 'ta' });
    fireEvent.click(await screen.findByRole('button', { name: 'Dr. Nimal Perera, 2030-01-01 09:00 இன் மிக உயர்ந்த டோக்கனை உறுதிப்படுத்து' }));
    expect(await screen.findByText('இந்த அமர்வின் டோக்கன்கள் ஏற்கனவே உறுதிப்படுத்தப்பட்டுள்ளன')).toBeTruthy();
  });

  it('for those who may not confirm: the list without numbers to enter, and who enters them (Sinhala)', async () => {
    const { container } = await renderPanel({ mayConfirm: false, locale: 'si' });
    await screen.findByRole('region', { name: 'ප්‍රතිසාධනයකින් පසු වෙන්කිරීම් නවතා ඇත' });
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('මෙම රෝහලේ පිළිගැනීමේ නිලධාරියෙකු හෝ පරිපාලකයෙකු ඉහළම අංක ඇතුළත් කරයි.')).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });

  it('shows nothing when no session is paused', async () => {
    const { container } = await renderPanel({ sessions: [] });
    await waitFor(() => expect(container.innerHTML).toBe(''));
  });
});
