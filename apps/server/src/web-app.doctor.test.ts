import fs from 'node:fs';
import path from 'node:path';
import * as consultationRules from '@careline/domain/consultations';
import { avatarTint, initialsOf, readDoctorFilters, sessionSearchVariables } from '@careline/domain/consultations';
import { describe, expect, it } from 'vitest';
import {
  doctorScreen,
  doctorScreenData,
  doctorScreenDocuments,
  type DoctorScreenData,
  type DoctorScreenOperation,
  type ScreenSession,
} from './web-app.doctor.ts';

const source = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8');
const consultations = '../../web/src/features/consultations';
const clientDocuments = source(`${consultations}/api/doctor-documents.ts`);
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

  it.each(['organization=o1&selectedPractitioner=p1&type=video', 'performerRole=GP', 'organization=%20&selectedPractitioner=p1'])(
    "asks for the sessions of %s with the app's querySession variables",
    async (query) => {
      const asked: [DoctorScreenOperation, Record<string, unknown>][] = [];
      const data = await doctorScreenData(new URLSearchParams(query), (operation, variables) => {
        asked.push([operation, variables]);
        return Promise.resolve(operation === 'consultationSessions' ? { querySession: [] } : { queryOrganization: [] });
      });
      const variables = sessionSearchVariables(readDoctorFilters(new URLSearchParams(query)));
      expect(asked).toContainEqual(['consultationSessions', variables]);
      expect(data.answers).toContainEqual({ operationName: 'consultationSessions', variables, data: { querySession: [] } });
    },
  );

  it('asks for no sessions without a search filter, as the app lists none', async () => {
    const asked: DoctorScreenOperation[] = [];
    const data = await doctorScreenData(new URLSearchParams('appointmentRescheduledFor=a9'), (operation) => {
      asked.push(operation);
      return Promise.resolve({ queryOrganization: [] });
    });
    expect(asked).toEqual(['consultationOrganizations']);
    expect(data.sessions).toBeNull();
  });

  // Issue 28 (every rule once): the server's cards and the app's are written from the same functions of
  // @careline/domain/consultations (doctor-filters.ts, doctor-cards.ts, session-cards.ts); neither side keeps a
  // copy of its own.
  const rules: [rule: string, app: string][] = [
    ['readDoctorFilters', 'components/doctor-screen.tsx'],
    ['hasSearchFilter', 'components/doctor-screen.tsx'],
    ['sessionSearchVariables', 'components/session-results.tsx'],
    ['groupSessionsByDoctor', 'components/session-results.tsx'],
    ['initialsOf', 'components/doctor-avatar.tsx'],
    ['avatarTint', 'components/doctor-avatar.tsx'],
    ['searchSessionBlock', 'components/session-card.tsx'],
    ['sessionFeeText', 'components/session-card.tsx'],
    ['sessionFillPercent', 'components/session-card.tsx'],
    ['sessionLabelText', 'components/session-card.tsx'],
    ['sessionLabelTones', 'components/session-card.tsx'],
    ['pickBlockText', 'components/session-card.tsx'],
    ['VIDEO_PARTICIPATION_MODE', 'components/session-card.tsx'],
  ];
  const domainImports = (text: string): string[] =>
    [...text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@careline\/domain\/consultations'/g)].flatMap((match) =>
      (match[1] ?? '')
        .replace(/\/\/.*$/gm, '')
        .split(',')
        .map((name) => name.trim().replace(/^type\s+/, '')),
    );
  const declares = (text: string, name: string): boolean =>
    new RegExp(`(?:function|const|let|var)\\s+${name}\\b`).test(text);
  const server = source('./web-app.doctor.ts');

  it.each(rules)("writes the cards with the domain's %s, as %s does", (rule, app) => {
    const appSource = source(`${consultations}/${app}`);
    expect(Object.keys(consultationRules)).toContain(rule);
    expect(domainImports(server)).toContain(rule);
    expect(domainImports(appSource)).toContain(rule);
    expect(declares(server, rule)).toBe(false);
    expect(declares(appSource, rule)).toBe(false);
  });

  it.each(['pickable', 'initialsOf', 'avatarTint', 'avatarTints', 'WIRE_AMOUNT', 'labelTone', 'labelIds', 'blockIds', 'value'])(
    'keeps no copy of the rule %s beside the markup',
    (name) => {
      expect(declares(server, name)).toBe(false);
    },
  );

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

  it("draws a doctor without a photo with the app's initials and tint", () => {
    const data: DoctorScreenData = {
      filters: readDoctorFilters(new URLSearchParams('organization=org-1')),
      organizations: [{ id: 'org-1', name: 'Colombo' }],
      sessions: [session({ id: 's1', doctor: 'Nimal Perera' })],
      answers: [],
    };
    const { html, style } = doctorScreen(data, context);
    expect(initialsOf('Dr. Nimal Perera')).toBe('NP');
    expect(html).toMatch(new RegExp(`<span class="session-card__avatar (server-style-\\d+)" aria-hidden="true">NP</span>`));
    const rule = /<span class="session-card__avatar (server-style-\d+)"/.exec(html)?.[1];
    expect(style).toContain(`.${rule ?? ''}{width:56px;height:56px;background:${avatarTint('Dr. Nimal Perera')}}`);
  });
});
