import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePatientAccount } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/*
 * The tenant's medical record number (issue 30 §3.7): every patient inserted gets the next number
 * of its tenant, by the database, so registrations at once never share one and tenants count apart.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('patients.medical_record_number', () => {
  it('numbers the patients of a tenant one after another, without a gap or a twin, each tenant on its own', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, () => makePatientAccount(t.database.db, 'careline-demo')),
    );
    const numbers = made.map(({ patient }) => patient.medicalRecordNumber ?? 0).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.every((n) => n > 0)).toBe(true);
    expect((numbers.at(-1) ?? 0) - (numbers[0] ?? 0)).toBe(7);

    const elsewhere = await makePatientAccount(t.database.db, `tenant-${randomUUID()}`);
    expect(elsewhere.patient.medicalRecordNumber).toBe(1);
    const next = await makePatientAccount(t.database.db, 'careline-demo');
    expect(next.patient.medicalRecordNumber).toBe((numbers.at(-1) ?? 0) + 1);
  });
});
