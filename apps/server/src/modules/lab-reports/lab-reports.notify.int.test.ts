import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { StaffRole } from '@careline/domain/staff';
import {
  makeDiagnosticReportCode,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, auditEvents, smsMessages } from '../../db/schema/index.ts';
import { createAccessSession } from '../auth/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';
import { smsOutboxSettled } from '../sms/sms.testing.ts';

/*
 * What reaches the patient when the laboratory issues a report (issue 11): the report-ready SMS on
 * the account's mobile, in its language, once per issue (a corrected version says so), none for a
 * report the app does not show; and the live update of subscribeDiagnosticReport, which a report
 * made at the desk (no lab order to announce it) reaches too, and another account never hears.
 */

const TENANT = 'careline-demo';

const FIELDS = 'id report { revision summaryStatus version }';
const CREATE = `mutation ($o: ID!, $i: StaffCreateLabReportInput!) { staffCreateLabReport(organizationId: $o, input: $i) { ${FIELDS} } }`;
const SAVE = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: [LabResultInput!]!) {
  staffSaveLabResults(organizationId: $o, id: $id, expectedRevision: $v, results: $r) { ${FIELDS} } }`;
const VERIFY = `mutation ($o: ID!, $id: ID!, $v: Int!) { staffVerifyLabReport(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`;
const ISSUE = `mutation ($o: ID!, $id: ID!, $v: Int!, $k: String) {
  staffIssueLabReport(organizationId: $o, id: $id, expectedRevision: $v, idempotencyKey: $k) { ${FIELDS} } }`;
const CORRECT = `mutation ($o: ID!, $id: ID!, $v: Int!, $r: String!) {
  staffCorrectLabReport(organizationId: $o, id: $id, expectedRevision: $v, reason: $r) { ${FIELDS} } }`;
const OUTSOURCE = `mutation ($o: ID!, $id: ID!, $v: Int!) {
  staffMarkLabReportOutsourced(organizationId: $o, id: $id, expectedRevision: $v) { ${FIELDS} } }`;

type Report = { id: string; report: { revision: number; summaryStatus: string | null; version: number } };
type Patient = { token: string; accountId: string; patientId: string; mobileNo: string; name: string };

let t: TestApp;
let hospital: string;
let tech: { token: string };
let fbc: { code: string; display: string; hb: string };

async function ok(query: string, variables: Record<string, unknown>): Promise<Report> {
  const body = await t.gql<Record<string, Report>>(query, { o: hospital, ...variables }, { authorization: `Bearer ${tech.token}` });
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  const value = Object.values(body.data ?? {})[0];
  if (!value) {
    throw new Error('no data');
  }
  return value;
}

async function staffMember(role: StaffRole): Promise<{ token: string }> {
  const user = await makeStaffUser(t.database.db, TENANT, [{ organizationId: hospital, role }]);
  return createStaffAccessSession(t.database.db, TENANT, user.id);
}

async function makePatient(language: 'en' | 'si' | 'ta' | null = null): Promise<Patient> {
  const { account, patient } = await makePatientAccount(t.database.db, TENANT, { hospitalId: hospital });
  if (language) {
    await t.database.db.update(accounts).set({ preferredLanguage: language }).where(eq(accounts.id, account.id));
  }
  const { token } = await createAccessSession(t.database.db, TENANT, account.id);
  return {
    token,
    accountId: account.id,
    patientId: patient.id,
    mobileNo: account.mobileNo,
    name: `${patient.givenName} ${patient.familyName}`,
  };
}

/** A desk report of the patient with a result entered and verified, ready to issue. */
async function verifiedDeskReport(patient: Patient, input: Record<string, unknown> = {}): Promise<Report> {
  const created = await ok(CREATE, { i: { patientId: patient.patientId, code: fbc.code, ...input } });
  const saved = await ok(SAVE, { id: created.id, v: created.report.revision, r: [{ subTestId: fbc.hb, valueQuantity: 12.9 }] });
  return ok(VERIFY, { id: saved.id, v: saved.report.revision });
}

async function issue(report: Report, key: string | null = null): Promise<Report> {
  return ok(ISSUE, { id: report.id, v: report.report.revision, k: key });
}

async function textsTo(mobileNo: string): Promise<string[]> {
  // SMS go out after the answer, through the job queue: wait until the outbox is empty.
  await smsOutboxSettled(t.database.db);
  const rows = await t.database.db.select().from(smsMessages).where(eq(smsMessages.to, mobileNo));
  return rows.map((sms) => sms.body);
}

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  tech = await staffMember('labTechnician');
  const made = await makeDiagnosticReportCode(t.database.db, TENANT, {
    subCodes: [{ name: 'Haemoglobin', parameterOrder: 1, unit: 'g/dL', referenceRange: { low: 11.5, high: 16.5 } }],
  });
  fbc = { code: made.code.code, display: made.code.display, hb: made.subCodes[0]?.id ?? '' };
});

afterAll(async () => {
  await smsOutboxSettled(t.database.db);
  await t.close();
});

describe('the report-ready SMS (issue 11: "an SMS says the report is ready")', () => {
  it("texts the account's mobile once per issue, in its language, and says so again for an issued correction", async () => {
    const alice = await makePatient('si');
    const verified = await verifiedDeskReport(alice);
    // Nothing before the issue.
    expect(await textsTo(alice.mobileNo)).toEqual([]);

    const issued = await issue(verified, 'issue-once');
    const [ready, ...more] = await textsTo(alice.mobileNo);
    expect(more).toEqual([]);
    expect(ready).toContain(fbc.display);
    expect(ready).toContain(alice.name);
    expect(ready).toContain('වාර්තාව සූදානම්');

    // A retry of the same submit answers the issued report and sends nothing more.
    expect((await issue(verified, 'issue-once')).report.summaryStatus).toBe('issued');
    expect(await textsTo(alice.mobileNo)).toHaveLength(1);

    const issueRows = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'labReport.issue'))).filter(
      (row) => (row.details as { diagnosticReportId?: string }).diagnosticReportId === issued.id,
    );
    expect(issueRows.map((row) => (row.details as { smsSent?: boolean }).smsSent)).toEqual([true]);

    // A correction, once issued, is the latest version: the patient is told it changed.
    const correction = await ok(CORRECT, { id: issued.id, v: issued.report.revision, r: 'Wrong sample' });
    const resaved = await ok(SAVE, { id: correction.id, v: correction.report.revision, r: [{ subTestId: fbc.hb, valueQuantity: 13.2 }] });
    expect(await textsTo(alice.mobileNo)).toHaveLength(1);
    await issue(await ok(VERIFY, { id: resaved.id, v: resaved.report.revision }));
    const texts = await textsTo(alice.mobileNo);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('නිවැරදි කර ඇත');
  });

  it('writes English when the account chose no language, and nothing for a report the app does not show', async () => {
    const bob = await makePatient();
    await issue(await verifiedDeskReport(bob));
    expect(await textsTo(bob.mobileNo)).toEqual([expect.stringContaining(`The ${fbc.display} report of ${bob.name} is ready.`)]);

    const carol = await makePatient('ta');
    // A sensitive report is not listed to the patient; an outsourced one has no online view.
    await issue(await verifiedDeskReport(carol, { sensitive: true }));
    const created = await ok(CREATE, { i: { patientId: carol.patientId, code: fbc.code } });
    const outsourced = await ok(OUTSOURCE, { id: created.id, v: created.report.revision });
    await issue(await ok(VERIFY, { id: outsourced.id, v: outsourced.report.revision }));
    expect(await textsTo(carol.mobileNo)).toEqual([]);
  });
});

describe('subscribeDiagnosticReport: the patient hears a desk report issued, another account nothing', () => {
  type Heard = { data?: { subscribeDiagnosticReport: { id: string; summaryStatus: string | null } } | null };

  async function listen(who: Patient, patientIds: string[]) {
    if (!t.app.server.listening) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
    }
    const client = createClient({
      url: `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/graphql?access_token=${encodeURIComponent(who.token)}`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    const events = client.iterate<Heard['data']>({
      query: 'subscription ($p: [ID!]) { subscribeDiagnosticReport(patientId: $p) { id summaryStatus } }',
      variables: { p: patientIds },
    });
    return { client, events };
  }

  it("delivers the patient's desk report when it is issued, and never another account's", async () => {
    const alice = await makePatient();
    const mallory = await makePatient();
    // Mallory asks for Alice's profile too: ids of another account are dropped at subscribe time.
    const hers = await listen(mallory, [mallory.patientId, alice.patientId]);
    const mine = await listen(alice, [alice.patientId]);
    try {
      const aliceFirst = mine.events.next();
      const malloryFirst = hers.events.next();
      let heard = { alice: false, mallory: false };
      void aliceFirst.then(() => {
        heard = { ...heard, alice: true };
      });
      void malloryFirst.then(() => {
        heard = { ...heard, mallory: true };
      });
      // Subscribing is asynchronous: issue reports until both have heard one. Each round issues
      // Alice's report before Mallory's, so the first report Mallory hears must be her own.
      const aliceIssued: string[] = [];
      const malloryIssued: string[] = [];
      for (let attempt = 0; attempt < 20 && !(heard.alice && heard.mallory); attempt++) {
        aliceIssued.push((await issue(await verifiedDeskReport(alice))).id);
        malloryIssued.push((await issue(await verifiedDeskReport(mallory))).id);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const aliceHeard = ((await aliceFirst).value as Heard | undefined)?.data?.subscribeDiagnosticReport;
      expect(aliceIssued).toContain(aliceHeard?.id);
      expect(aliceHeard?.summaryStatus).toBe('issued');
      const malloryHeard = ((await malloryFirst).value as Heard | undefined)?.data?.subscribeDiagnosticReport;
      expect(malloryIssued).toContain(malloryHeard?.id);
      expect(aliceIssued).not.toContain(malloryHeard?.id);

      // Now both listen: Alice's next report, then Mallory's: Mallory's next event is still her own.
      const aliceNext = (await issue(await verifiedDeskReport(alice))).id;
      const malloryNext = (await issue(await verifiedDeskReport(mallory))).id;
      const nextOf = async (events: typeof mine.events, own: string[]) => {
        for (;;) {
          const id = ((await events.next()).value as Heard | undefined)?.data?.subscribeDiagnosticReport.id;
          // Reports issued before the first one was heard may still arrive.
          if (!id || !own.includes(id)) {
            return id;
          }
        }
      };
      expect(await nextOf(hers.events, malloryIssued)).toBe(malloryNext);
      expect(await nextOf(mine.events, aliceIssued)).toBe(aliceNext);
      await mine.events.return?.(undefined);
      await hers.events.return?.(undefined);
    } finally {
      await mine.client.dispose();
      await hers.client.dispose();
    }
  });
});
