// @vitest-environment jsdom
import { I18nProvider } from '@careline/i18n/react';
import { createStaffI18n } from '@careline/i18n/staff';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { print, type DocumentNode } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { Provider, type Client } from 'urql';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { auditFilterOf, emptyAuditDraft, isPatientAccountIdValid } from '../audit-filter.ts';
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
                    correlationId: 'corr-2',
                    details: {},
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
  it('turns the form into the API filter: empty fields filter nothing, ids as chosen', () => {
    expect(auditFilterOf(emptyAuditDraft)).toEqual({
      action: null,
      staffUserId: null,
      patientAccountId: null,
      from: null,
      to: null,
    });
    expect(
      auditFilterOf({ ...emptyAuditDraft, staffUserId: nurseId, patientAccountId: ` ${patientId} ` }),
    ).toMatchObject({ staffUserId: nurseId, patientAccountId: patientId });
    expect(isPatientAccountIdValid('')).toBe(true);
    expect(isPatientAccountIdValid(patientId)).toBe(true);
    expect(isPatientAccountIdValid('0771234567')).toBe(false);
  });

  it('filters by staff member and patient account, and marks tenant-wide rows', async () => {
    const calls: Call[] = [];
    renderScreen(calls);
    await screen.findByRole('option', { name: 'Nimali Nurse (nimali@hospital.test)' });
    const rows = await screen.findAllByRole('row');
    // A row without a hospital is the whole group's; a row of this hospital says so.
    expect(within(rows[1] as HTMLElement).getByText('All hospitals')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Colombo General')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Staff member'), { target: { value: nurseId } });
    fireEvent.change(screen.getByLabelText('Patient account'), { target: { value: patientId } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    await waitFor(() => {
      expect(lastTrailFilter(calls)).toMatchObject({ staffUserId: nurseId, patientAccountId: patientId });
    });
  });

  it('refuses a patient account that is not an id, and filters by a row’s patient in one click', async () => {
    const calls: Call[] = [];
    renderScreen(calls);
    await screen.findAllByRole('button', { name: `Only this patient: ${patientId}` });
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('Patient account'), { target: { value: '0771234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(
      await screen.findByText('Enter a patient account id as shown in the Patient column'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.operation === 'auditTrail')).toHaveLength(
      calls.slice(0, before).filter((call) => call.operation === 'auditTrail').length,
    );

    fireEvent.click(screen.getAllByRole('button', { name: `Only this patient: ${patientId}` })[0] as HTMLElement);
    await waitFor(() => {
      expect(lastTrailFilter(calls)).toMatchObject({ patientAccountId: patientId });
    });
    expect(screen.getByLabelText<HTMLInputElement>('Patient account').value).toBe(patientId);
  });
});
