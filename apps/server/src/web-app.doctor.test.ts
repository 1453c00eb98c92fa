import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  doctorScreen,
  doctorScreenDocuments,
  groupSessionsByDoctor,
  readDoctorFilters,
  sessionSearchVariables,
  type DoctorScreenData,
  type ScreenSession,
} from './web-app.doctor.ts';

const clientDocuments = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../web/src/features/consultations/api/doctor-documents.ts'),
  'utf8',
);
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

const session = (fields: Partial<ScreenSession> & { id: string; doctor: string }): ScreenSession => ({
  status: 'booked',
  startTime: '2026-12-05T04:30:00.000Z',
  endTime: '2026-12-05T06:30:00.000Z',
  appointmentCount: 3,
  appointmentMaxAllowed: 20,
  participationMode: 'in_person',
  practitioner: { id: fields.doctor, text: `Dr. ${fields.doctor}`, photoUrl: null },
  practitionerRole: { code: 'GP', display: 'General Practitioner' },
  organization: { id: 'org-1', orgName: 'Colombo' },
  fee: { amount: '2500', currency: 'LKR' },
  ...fields,
});

const context = { locale: 'en' as const, hospital: 'Careline', logoSrc: '/brand/logo.svg', now: new Date('2026-12-04T01:00:00Z') };

describe("the server's /doctor (issue 33 §1)", () => {
  it.each(Object.entries(doctorScreenDocuments))("asks %s exactly as the app does", (_name, document) => {
    expect(squash(clientDocuments)).toContain(squash(document));
  });

  it("reads the address's filters into the app's querySession variables", () => {
    const filters = readDoctorFilters(new URLSearchParams('organization=o1&selectedPractitioner=p1&type=video'));
    expect(sessionSearchVariables(filters)).toEqual({
      actorReference: ['Practitioner/p1', 'Organization/o1'],
      practitionerRoleCodingCode: null,
      extensionParticipationMode: 'remote_presence_video_call',
    });
    expect(sessionSearchVariables(readDoctorFilters(new URLSearchParams('organization=%20')))).toEqual({
      actorReference: [],
      practitionerRoleCodingCode: null,
    });
  });

  it("puts a doctor's next session to book first and doctors with one to book first", () => {
    const cards = groupSessionsByDoctor([
      session({ id: 's1', doctor: 'A', appointmentCount: 20 }),
      session({ id: 's2', doctor: 'A', startTime: '2026-12-06T04:30:00.000Z' }),
      session({ id: 's3', doctor: 'B', status: 'practitioner_canceled' }),
    ]);
    expect(cards.map((card) => [card.practitionerId, card.next.id, card.rest.map((s) => s.id), card.nextPickable])).toEqual([
      ['A', 's2', ['s1'], true],
      ['B', 's3', [], false],
    ]);
  });

  it('cannot be broken out of by what the answers hold', () => {
    const data: DoctorScreenData = {
      filters: readDoctorFilters(new URLSearchParams('organization=org-1')),
      organizations: [{ id: 'org-1', name: '<img src=x onerror=alert(1)>' }],
      sessions: [session({ id: 's1', doctor: '</script><script>alert(1)</script>' })],
      answers: [{ operationName: 'consultationOrganizations', variables: {}, data: { x: '</script><script>alert(2)</script>' } }],
    };
    const { html, title, style } = doctorScreen(data, context);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(title).toBe('Find a doctor – Careline');
    expect(html).toContain('2,500.00 LKR');
    expect(html).toContain('3 of 20 booked');
    // The page's CSP allows no style attribute: sizes and colours are the screen's own rules.
    expect(html).not.toContain('style=');
    expect(style).toMatch(/\.server-style-\d+\{width:56px;height:56px;background:#[0-9a-f]{6}\}/);
    expect(style).toContain('{width:15%}');
  });
});
