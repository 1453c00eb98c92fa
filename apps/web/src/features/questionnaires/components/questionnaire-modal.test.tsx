// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
// The client comes from @urql/core as in lib/graphql, so its errors are the classes lib/graphql checks.
import { Client, fetchExchange } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig, deepMerge, type TenantPublicConfig } from '@careline/domain/tenant';
import { activateLocale, createI18n } from '@careline/i18n/core';
import type { Locale } from '@careline/i18n/locales';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { TenantProvider } from '../../../lib/tenant';
import type { QuestionnaireData } from '../api/questionnaire-documents.ts';
import { QuestionnaireBanner } from './questionnaire-banner.tsx';
import { QuestionnaireModal } from './questionnaire-modal.tsx';

afterEach(() => {
  cleanup();
});

type Call = { operationName: string | undefined; variables: Record<string, unknown> };

const screening: QuestionnaireData = {
  id: 'q-1',
  meta: { display: 'Screening questionnaire' },
  questions: [
    { questionNumber: '1', question: 'What brings you in today?', type: 'text', options: [] },
    {
      questionNumber: '2',
      question: 'Do you have any of these?',
      type: 'checkBox',
      options: [
        { value: 'Fever', display: 'Fever' },
        { value: 'Cough', display: 'Cough' },
      ],
    },
  ],
};

const withQuestionnaires: TenantPublicConfig = deepMerge(baseTenantConfig, { features: { questionnaireResponse: { enabled: true } } });

/** Renders with a tenant, toasts and a GraphQL client answering from a function (calls recorded). */
async function renderWith(element: ReactNode, options: { answer?: (call: Call) => unknown; tenant?: TenantPublicConfig; locale?: Locale } = {}) {
  const i18n = createI18n();
  await activateLocale(i18n, options.locale ?? 'en');
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const params = new URL(typeof url === 'string' ? url : url instanceof URL ? url.href : url.url).searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : { operationName: params.get('operationName') ?? undefined, query: params.get('query') ?? '', variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown> }
    ) as { operationName?: string; query: string; variables: Record<string, unknown> };
    const call = { operationName: body.operationName ?? /(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1], variables: body.variables };
    calls.push(call);
    const answer = (await options.answer?.(call)) ?? { data: null };
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({ url: 'http://test.local/graphql', exchanges: [fetchExchange], fetch: fakeFetch });
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <TenantProvider value={options.tenant ?? withQuestionnaires} loading={null} failed={() => null}>
          <ToastProvider>{element}</ToastProvider>
        </TenantProvider>
      </Provider>
    </TestLanguage>,
  );
  return { calls };
}

const created = (call: Call) =>
  call.operationName === 'createQuestionnaireResponse'
    ? { data: { createQuestionnaireResponse: { __typename: 'QuestionnaireResponse', id: 'r-1', basedOn: 'Appointment/a-1' } } }
    : { data: null };

function modal(props: Partial<Parameters<typeof QuestionnaireModal>[0]> = {}) {
  return (
    <QuestionnaireModal
      questionnaire={screening}
      language="en"
      appointment={{ id: 'a-1', patientId: 'p-mother' }}
      open
      onClose={() => undefined}
      onSubmitted={() => undefined}
      {...props}
    />
  );
}

describe('QuestionnaireModal (spec doc 3 §2 Questionnaire)', () => {
  it('is a dialog titled from meta.display, with labelled text and checkBox questions', async () => {
    await renderWith(modal());
    const dialog = screen.getByRole('dialog', { name: 'Screening questionnaire' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('textbox', { name: '1. What brings you in today?' })).toBeTruthy();
    const group = screen.getByRole('group', { name: '2. Do you have any of these?' });
    expect(group).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Fever' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Cough' })).toBeTruthy();
  });

  it('keeps Submit disabled with no answers (doc 3 §5), and enables it with one', async () => {
    await renderWith(modal());
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('Answer at least one question to submit.')).toBeTruthy();
    // Blank text is no answer.
    fireEvent.change(screen.getByRole('textbox'), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cough' }));
    expect(submit.disabled).toBe(false);
    // Unticking the only answer disables it again.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cough' }));
    expect(submit.disabled).toBe(true);
  });

  it('sends basedOn, subject and the answers, then shows the toast Questionnaire Successfully Submitted', async () => {
    let submitted = 0;
    const { calls } = await renderWith(modal({ onSubmitted: () => (submitted += 1) }), { answer: created });
    fireEvent.change(screen.getByRole('textbox', { name: '1. What brings you in today?' }), { target: { value: ' Chest pain ' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cough' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fever' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Questionnaire Successfully Submitted')).toBeTruthy();
    expect(submitted).toBe(1);
    expect(calls).toEqual([
      {
        operationName: 'createQuestionnaireResponse',
        variables: {
          input: {
            basedOn: 'Appointment/a-1',
            subject: 'Patient/p-mother',
            questionnaireId: 'q-1',
            items: [
              { questionNumber: '1', answer: 'Chest pain' },
              { questionNumber: '2', values: ['Cough', 'Fever'] },
            ],
            language: 'en',
          },
        },
      },
    ]);
  });

  it('shows the server’s message and stays open when the submit is refused', async () => {
    let submitted = 0;
    await renderWith(modal({ onSubmitted: () => (submitted += 1) }), {
      answer: () => ({ data: null, errors: [{ message: 'ARO-E7053:This questionnaire has already been answered for this appointment' }] }),
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fever' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This questionnaire has already been answered for this appointment');
    expect(submitted).toBe(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('closes on Escape and keeps focus inside while open', async () => {
    let closed = 0;
    await renderWith(modal({ onClose: () => (closed += 1) }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closed).toBe(1);
  });

  it('reads in Sinhala and Tamil', async () => {
    await renderWith(modal(), { locale: 'si' });
    expect(screen.getByRole('button', { name: 'ඉදිරිපත් කරන්න' })).toBeTruthy();
    cleanup();
    await renderWith(modal(), { locale: 'ta' });
    expect(screen.getByRole('button', { name: 'சமர்ப்பிக்கவும்' })).toBeTruthy();
  });
});

describe('QuestionnaireBanner (spec doc 2 §2, gated by questionnaireResponse)', () => {
  const asked = (responded: boolean) => (call: Call) =>
    call.operationName === 'appointmentQuestionnaire'
      ? { data: { appointmentQuestionnaire: { __typename: 'AppointmentQuestionnaire', appointmentId: 'a-1', responded, questionnaire: screening } } }
      : created(call);

  it('shows for an unanswered questionnaire and opens the modal; hides once answered', async () => {
    let responded = false;
    await renderWith(<QuestionnaireBanner appointment={{ id: 'a-1', patientId: 'p-me', appointmentStatus: 'booked' }} />, {
      answer: (call) => {
        const answer = asked(responded)(call);
        if (call.operationName === 'createQuestionnaireResponse') {
          responded = true;
        }
        return answer;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Answer the questions' }));
    expect(screen.getByRole('dialog', { name: 'Screening questionnaire' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fever' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Questionnaire Successfully Submitted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Answer the questions' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the questions in the language on screen and sends the answers with it (issue 30 §4.9)', async () => {
    const { calls } = await renderWith(<QuestionnaireBanner appointment={{ id: 'a-1', patientId: 'p-me', appointmentStatus: 'booked' }} />, {
      answer: asked(false),
      locale: 'si',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'ප්‍රශ්නවලට පිළිතුරු දෙන්න' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Fever' }));
    fireEvent.click(screen.getByRole('button', { name: 'ඉදිරිපත් කරන්න' }));
    await waitFor(() => expect(calls.map((call) => call.operationName)).toContain('createQuestionnaireResponse'));
    expect(calls[0]).toEqual({ operationName: 'appointmentQuestionnaire', variables: { appointmentId: 'a-1', language: 'si' } });
    const submitted = calls.find((call) => call.operationName === 'createQuestionnaireResponse');
    expect((submitted?.variables.input as { language: string }).language).toBe('si');
  });

  it('is not shown when answered, for a closed appointment, or with the flag off (no request then)', async () => {
    await renderWith(<QuestionnaireBanner appointment={{ id: 'a-1', patientId: 'p-me', appointmentStatus: 'booked' }} />, { answer: asked(true) });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('button', { name: 'Answer the questions' })).toBeNull();
    cleanup();
    await renderWith(<QuestionnaireBanner appointment={{ id: 'a-1', patientId: 'p-me', appointmentStatus: 'cancelled' }} />, { answer: asked(false) });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('button', { name: 'Answer the questions' })).toBeNull();
    cleanup();
    const { calls } = await renderWith(<QuestionnaireBanner appointment={{ id: 'a-1', patientId: 'p-me', appointmentStatus: 'booked' }} />, {
      answer: asked(false),
      tenant: baseTenantConfig,
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('button', { name: 'Answer the questions' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
