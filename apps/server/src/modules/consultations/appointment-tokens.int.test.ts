import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db.ts';
import { makeConsultationSession, makeOrganization, makePatientAccount, makePractitioner } from '../../../test/factories.ts';
import type { Database } from '../../db/client.ts';
import { uniqueViolation } from '../../db/errors.ts';
import { appointments } from '../../db/schema/index.ts';

// A session's token belongs to one appointment for good, cancelled ones included (spec doc 2 §4
// Booking step 2: the token is every appointment the session ever had + 1, never reused). The
// database holds it, not only the service's counter (issue 31 §2.9): appointments_session_token_uq
// on (session_id, token_no), unique over every row, not just the live ones.

const TENANT = 'careline-demo';

let database: Database;
let organizationId: string;
let practitionerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  organizationId = (await makeOrganization(database.db, TENANT)).id;
  practitionerId = (await makePractitioner(database.db, TENANT, organizationId)).id;
});
afterAll(async () => {
  await database.close();
});

/** Inserts an appointment straight into the table, past the booking service. */
async function insertAppointment(sessionId: string, tokenNo: number, appointmentStatus = 'booked'): Promise<void> {
  const { account, patient } = await makePatientAccount(database.db, TENANT);
  await database.db.insert(appointments).values({
    tenantId: TENANT,
    sessionId,
    accountId: account.id,
    patientId: patient.id,
    tokenNo,
    appointmentStatus,
  });
}

/** The constraint that refused the insert, or 'inserted'. */
async function refusal(insert: Promise<void>): Promise<string | null> {
  return insert.then(
    () => 'inserted',
    (error: unknown) => uniqueViolation(error),
  );
}

describe('a session token is held by one appointment (issue 31 §2.9)', () => {
  it('refuses a second live appointment with a live token', async () => {
    const session = await makeConsultationSession(database.db, TENANT, { practitionerId, organizationId });
    await insertAppointment(session.id, 1);
    expect(await refusal(insertAppointment(session.id, 1))).toBe('appointments_session_token_uq');
    expect(await refusal(insertAppointment(session.id, 1, 'arrived'))).toBe('appointments_session_token_uq');
  });

  it("refuses a cancelled appointment's token to a new one too: a token is never reused", async () => {
    const session = await makeConsultationSession(database.db, TENANT, { practitionerId, organizationId });
    await insertAppointment(session.id, 1, 'cancelled');
    await insertAppointment(session.id, 2, 'entered_in_error');
    expect(await refusal(insertAppointment(session.id, 1))).toBe('appointments_session_token_uq');
    expect(await refusal(insertAppointment(session.id, 2))).toBe('appointments_session_token_uq');
  });

  it("lets another session's appointment have the same number", async () => {
    const first = await makeConsultationSession(database.db, TENANT, { practitionerId, organizationId });
    const second = await makeConsultationSession(database.db, TENANT, { practitionerId, organizationId });
    await insertAppointment(first.id, 1);
    expect(await refusal(insertAppointment(second.id, 1))).toBe('inserted');
  });

  it('is a unique index over every appointment, not a partial one over the live ones', async () => {
    const result: unknown = await database.db.execute(
      sql`SELECT indexdef FROM pg_indexes WHERE tablename = 'appointments' AND indexname = 'appointments_session_token_uq'`,
    );
    const { rows } = result as { rows: { indexdef: string }[] };
    expect(rows.map((row) => row.indexdef.replace(/\bpublic\./g, ''))).toEqual([
      'CREATE UNIQUE INDEX appointments_session_token_uq ON appointments USING btree (session_id, token_no)',
    ]);
  });
});
