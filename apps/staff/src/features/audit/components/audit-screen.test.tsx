// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { print, type DocumentNode } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, type Client } from 'urql';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { auditDraftProblems, auditFilterOf, emptyAuditDraft } from '../audit-filter.ts';
import { AuditScreen } from './audit-screen.tsx';

const hospital: Hospital = { id: 'h-1', name: 'Colombo General', memberships: [] };
const patientId = '0b9d7f5e-2c1a-4e8b-9f3d-6a5b4c3d2e1f';
const nurseId = '7e6d5c4b-3a29-4f18-8e07-d6c5b4a39281';

type Call = { operation: string; variables: Record<string, unknown> };

/** A client that answers the trail and the staff list from memory, and records what it was asked. */
function fakeClient(calls: Call[]): Client {
  return {
    query: (document: DocumentNode, variables: Record<string, unknown>) => {
      const operation = /query (\w+)/.exec(print(document))?.[1] ?? '';
      calls.push({ operation, variables });
      const data =
        operation === 'auditStaffMembers'
          ? { staffUsers: [{ id: nurseId, displayName: 'Nimali Nurse', email: 'nimali@hospital.test' }] }
          : {
              auditTrail: {
                nextCursor: null,
                events: [
                  {
                    id: 'e-1',
                    at: '2026-01-31T09:30:00.000Z',
                    actorKind: 'patient',
                    actorId: patientId,
                    actorName: null,
                    role: null,
                    organizationId: null,
                    action: 'auth.sign-in',
                    patientAccountId: patientId,
                    patientId: null,
                    patientName: 'Mrs Amara Perera',
                    patientMobileNo: '+94 77 123 4567',
                    correlationId: 'corr-1',
                    details: { method: 'sms' },
                  },
                  {
                    id: 'e-2',
                    at: '2026-01-31T09:31:00.000Z',
                    actorKind: 'staff',
                    actorId: nurseId,
                    actorName: 'Nimali Nurse',
                    role: 'nurse',
                    organizationId: hospital.id,
                    action: 'patient.lookup',
                    patientAccountId: patientId,
                    patientId: null,
                    patientName: 'Mrs Amara Perera',
                    patientMobileNo: '+94 77 123 4567',
                    correlationId: 'corr-2',
                    details: { mobileNo: '+94 77 123 4567', found: 1, patientIds: [patientId], purpose: 'walkIn' },
                  },
                ],
              },
            };
      return { toPromise: () => Promise.resolve({ data, operation: {} }) };
    },
  } as unknown as Client;
}

function renderScreen(calls: Call[]) {
  render(
    <I18nProvider i18n={createStaffI18n()}>
      <Provider value={fakeClient(calls)}>
        <AuditScreen hospital={hospital} />
      </Provider>
    </I18nProvider>,
  );
}

const lastTrailFilter = (calls: Call[]) =>
  calls.filter((call) => call.operation === 'auditTrail').at(-1)?.variables.filter;

afterEach(() => {
  cleanup();
});

describe('audit trail filters', () => {
  it('turns the form into the API filter: empty fields filter nothing, days are whole hospital days', () => {
    expect(auditFilterOf(emptyAuditDraft)).toEqual({
      action: null,
      staffUserId: null,
      patient: null,
      patientAccountId: null,
      from: null,
      to: null,
    });
    expect(
      auditFilterOf({ ...emptyAuditDraft, staffUserId: nurseId, patient: '  Amara   Perera ', from: '2026-11-24', to: '2026-11-25' }),
    ).toEqual({
      action: null,
      staffUserId: nurseId,
      patient: 'Amara Perera',
      patientAccountId: null,
      // Sri Lanka days (UTC+05:30), whatever the zone of the computer.
      from: '2026-11-23T18:30:00.000Z',
      to: '2026-11-25T18:29:59.999Z',
    });
    expect(auditDraftProblems(emptyAuditDraft)).toEqual({ patient: null, dates: false });
    expect(auditDraftProblems({ ...emptyAuditDraft, patient: 'A' }).patient).toBe('length');
    expect(auditDraftProblems({ ...emptyAuditDraft, patient: 'x'.repeat(101) }).patient).toBe('length');
    expect(auditDraftProblems({ ...emptyAuditDraft, patient: 'Am\u0007' }).patient).toBe('characters');
    expect(auditDraftProblems({ ...emptyAuditDraft, patient: '0771' }).patient).toBeNull();
    expect(auditDraftProblems({ ...emptyAuditDraft, from: '2026-11-25', to: '2026-11-24' }).dates).toBe(true);
    expect(auditDraftProblems({ ...emptyAuditDraft, from: '2026-11-24', to: '2026-11-24' }).dates).toBe(false);
  });

  it('shows the patient by name and number, the action and details in words, the hospital’s time, and no id', async () => {
    const calls: Call[] = [];
    renderScreen(calls);
    // Text queries: role queries over the filter's hundred options are slow in jsdom.
    await screen.findByText('Nimali Nurse (nimali@hospital.test)');
    await screen.findAllByText('Mrs Amara Perera');
    const rows = [...document.querySelectorAll('tbody tr')];
    // A row without a hospital is the whole group's; a row of this hospital says so.
    expect(within(rows[0] as HTMLElement).getByText('All hospitals')).toBeTruthy();
    const lookup = rows[1] as HTMLElement;
    expect(within(lookup).getByText('Colombo General')).toBeTruthy();
    expect(within(lookup).getByText('Patient lookup')).toBeTruthy();
    expect(within(lookup).getByText('Mrs Amara Perera')).toBeTruthy();
    expect(within(lookup).getByText('+94 77 123 4567')).toBeTruthy();
    expect(within(lookup).getByText('Mobile number: +94 77 123 4567')).toBeTruthy();
    expect(within(lookup).getByText('Patients found: 1')).toBeTruthy();
    expect(within(lookup).getByText('Purpose: Walk-in registration')).toBeTruthy();
    // 09:31 UTC is 15:01 in Colombo.
    expect(within(lookup).getByText('31 Jan 2026, 15:01:00')).toBeTruthy();
    // The correlation id waits behind its summary; no other id is written out.
    const shown = (lookup.textContent ?? '').replace('corr-2', '');
    expect(shown).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
    expect(shown).not.toMatch(/patientIds|mobileNo|walkIn|patient\.lookup/);
  });

  it('filters by staff member, patient and days on the server, and refuses a bad form before asking', async () => {
    const calls: Call[] = [];
    renderScreen(calls);
    await screen.findByText('Nimali Nurse (nimali@hospital.test)');
    await screen.findAllByText('Mrs Amara Perera');
    const trailCalls = () => calls.filter((call) => call.operation === 'auditTrail').length;

    fireEvent.change(screen.getByLabelText('Patient', { selector: 'input' }), { target: { value: 'A' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-25' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    const before = trailCalls();
    fireEvent.click(screen.getByText('Apply filter'));
    expect(await screen.findByText('Type 2 to 100 characters of the patient’s name or mobile number')).toBeTruthy();
    expect(screen.getByText('The first day must not be after the last day')).toBeTruthy();
    expect(trailCalls()).toBe(before);

    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: nurseId } });
    fireEvent.change(screen.getByLabelText('Patient', { selector: 'input' }), { target: { value: '0771234567' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-25' } });
    fireEvent.click(screen.getByText('Apply filter'));
    await waitFor(() => {
      expect(lastTrailFilter(calls)).toMatchObject({
        staffUserId: nurseId,
        patient: '0771234567',
        from: '2026-11-24T18:30:00.000Z',
        to: '2026-11-25T18:29:59.999Z',
      });
    });
  });

  it('filters by a row’s patient in one click, naming them', async () => {
    const calls: Call[] = [];
    renderScreen(calls);
    const buttons = await screen.findAllByLabelText('Only this patient: Mrs Amara Perera');
    fireEvent.click(buttons[0] as HTMLElement);
    await waitFor(() => {
      expect(lastTrailFilter(calls)).toMatchObject({ patientAccountId: patientId, patient: null });
    });
    expect(screen.getByText('Only the rows of Mrs Amara Perera')).toBeTruthy();
  });
});
