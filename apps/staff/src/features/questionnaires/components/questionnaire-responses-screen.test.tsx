// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { activateStaffLocale, createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { print, type DocumentNode } from 'graphql';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CombinedError } from '@urql/core';
import { Provider, type Client } from 'urql';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { QuestionnaireResponseScreen } from './questionnaire-response-screen.tsx';
import { QuestionnaireResponsesScreen } from './questionnaire-responses-screen.tsx';

const hospital: Hospital = { id: 'h-1', name: 'Lakeside Hospitals - Colombo', memberships: [] };

type Call = { operation: string; variables: Record<string, unknown> };

const row = (id: string, patientName: string, createdAt: string) => ({
  id,
  questionnaireTitle: 'Before your visit',
  patientName,
  createdAt,
  items: [{ questionNumber: '1' }, { questionNumber: '3' }],
});

/** A client answering the list (two pages) and one response from memory, recording what it was asked. */
function fakeClient(calls: Call[], answer?: (call: Call) => unknown): Client {
  return {
    query: (document: DocumentNode, variables: Record<string, unknown>) => {
      const operation = /query (\w+)/.exec(print(document))?.[1] ?? '';
      const call = { operation, variables };
      calls.push(call);
      const given = answer?.(call);
      const data =
        given !== undefined
          ? given
          : operation === 'staffQuestionnaireResponses'
            ? {
                staffQuestionnaireResponses: variables.after
                  ? { nodes: [row('r-3', 'Mrs. Older Patient', '2026-12-01T04:00:00.000Z')], endCursor: 'r-3', hasMore: false }
                  : {
                      nodes: [row('r-1', 'Ms. Nadeesha Silva', '2026-12-03T03:45:00.000Z'), row('r-2', 'Mr. Kasun Perera', '2026-12-02T18:40:00.000Z')],
                      endCursor: 'r-2',
                      hasMore: true,
                    },
              }
            : {
                staffQuestionnaireResponse: {
                  id: 'r-1',
                  questionnaireTitle: 'Before your visit',
                  basedOn: 'Appointment/a-1',
                  patientId: 'p-1',
                  patientName: 'Ms. Nadeesha Silva',
                  createdAt: '2026-12-03T03:45:00.000Z',
                  items: [
                    { questionNumber: '1', question: 'Are you allergic to any medicines, foods or anything else? Please name them.', answer: 'Penicillin' },
                    { questionNumber: '3', question: 'Do you have any of these symptoms now?', answer: 'Fever, Cough' },
                  ],
                },
              };
      return { toPromise: () => Promise.resolve({ data, operation: {} }) };
    },
  } as unknown as Client;
}

async function renderWith(element: ReactNode, calls: Call[], options: { locale?: 'en' | 'si' | 'ta'; answer?: (call: Call) => unknown } = {}) {
  const i18n = createStaffI18n();
  if (options.locale && options.locale !== 'en') {
    await activateStaffLocale(i18n, options.locale);
  }
  render(
    <I18nProvider i18n={i18n}>
      <Provider value={fakeClient(calls, options.answer)}>
        <MemoryRouter>{element}</MemoryRouter>
      </Provider>
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
});

describe('QuestionnaireResponsesScreen (issue 30 §4.9)', () => {
  it('lists the hospital’s responses with the patient, the questionnaire and the hospital time; older ones on request', { timeout: 30_000 }, async () => {
    const calls: Call[] = [];
    await renderWith(<QuestionnaireResponsesScreen hospital={hospital} responsePath={(id) => `/questionnaires/${id}`} />, calls);
    const table = await screen.findByRole('table', { name: 'Questionnaire responses at Lakeside Hospitals - Colombo' });
    const rows = within(table).getAllByRole('row').slice(1);
    // 03:45 UTC is 09:15 in Sri Lanka; 18:40 UTC the next day's 00:10 there.
    expect(rows.map((r) => within(r).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Before your visit', '2026-12-03 09:15', '2'],
      ['Before your visit', '2026-12-03 00:10', '2'],
    ]);
    const link = screen.getByRole('link', { name: 'Open the answers of Ms. Nadeesha Silva' });
    expect(link.getAttribute('href')).toBe('/questionnaires/r-1');
    fireEvent.click(screen.getByRole('button', { name: 'Show older responses' }));
    expect(await screen.findByRole('link', { name: 'Open the answers of Mrs. Older Patient' })).toBeTruthy();
    expect(calls.map((call) => call.variables)).toEqual([
      { organizationId: 'h-1', first: 20, after: null },
      { organizationId: 'h-1', first: 20, after: 'r-2' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show older responses' })).toBeNull();
  });

  it('says when nobody has answered yet, in Sinhala too', async () => {
    const empty = () => ({ staffQuestionnaireResponses: { nodes: [], endCursor: null, hasMore: false } });
    await renderWith(<QuestionnaireResponsesScreen hospital={hospital} responsePath={(id) => id} />, [], { answer: empty });
    expect(await screen.findByText('No patient of Lakeside Hospitals - Colombo has answered a questionnaire yet.')).toBeTruthy();
    cleanup();
    await renderWith(<QuestionnaireResponsesScreen hospital={hospital} responsePath={(id) => id} />, [], { answer: empty, locale: 'si' });
    expect(await screen.findByText('Lakeside Hospitals - Colombo හි කිසිදු රෝගියෙකු තවම ප්‍රශ්නාවලියකට පිළිතුරු දී නැත.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'ප්‍රශ්නාවලි පිළිතුරු' })).toBeTruthy();
  });
});

describe('QuestionnaireResponseScreen (issue 30 §4.9)', () => {
  it('shows each question with its answer, the questionnaire and when it was submitted', async () => {
    const calls: Call[] = [];
    await renderWith(<QuestionnaireResponseScreen hospital={hospital} responseId="r-1" listPath="/questionnaires" />, calls);
    expect(await screen.findByRole('heading', { level: 1, name: 'Answers of Ms. Nadeesha Silva' })).toBeTruthy();
    expect(screen.getByText('Submitted 2026-12-03 09:15')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Questions and answers: Before your visit' });
    expect(within(table).getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
      '1. Are you allergic to any medicines, foods or anything else? Please name them.Penicillin',
      '3. Do you have any of these symptoms now?Fever, Cough',
    ]);
    expect(calls).toEqual([{ operation: 'staffQuestionnaireResponse', variables: { organizationId: 'h-1', id: 'r-1' } }]);
    expect(screen.getByRole('link', { name: 'All questionnaire responses' }).getAttribute('href')).toBe('/questionnaires');
  });

  it('shows the server’s refusal for another hospital’s response', async () => {
    render(
      <I18nProvider i18n={createStaffI18n()}>
        <Provider
          value={
            {
              query: () => ({
                toPromise: () =>
                  Promise.resolve({
                    data: undefined,
                    error: new CombinedError({ graphQLErrors: [{ message: 'ARO-E2001:The requested record was not found' }] }),
                    operation: {},
                  }),
              }),
            }
          }
        >
          <MemoryRouter>
            <QuestionnaireResponseScreen hospital={hospital} responseId="r-elsewhere" listPath="/questionnaires" />
          </MemoryRouter>
        </Provider>
      </I18nProvider>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('The requested record was not found');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
