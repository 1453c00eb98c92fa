import { describe, expect, it } from 'vitest';
import { activateLocale, createI18n } from '../core.ts';
import { hasConsultationsMessages, loadConsultationsMessages } from './index.ts';
import { readCatalogue } from '../catalogue-files.ts';

const consultationsSi = readCatalogue('consultations', 'si');
const consultationsTa = readCatalogue('consultations', 'ta');

describe('the consultation texts load into the app’s instance on demand', () => {
  it('are absent until loaded, then merge with the shared texts in the active language', async () => {
    const i18n = createI18n();
    await activateLocale(i18n, 'si');
    expect(hasConsultationsMessages(i18n, 'si')).toBe(false);
    await loadConsultationsMessages(i18n, 'si');
    expect(hasConsultationsMessages(i18n, 'si')).toBe(true);
    expect(i18n._('consultations.doctor.title')).toBe(consultationsSi['consultations.doctor.title']);
    // The shared catalogue is still there.
    expect(i18n._('shell.dashboard.title')).not.toBe('shell.dashboard.title');
  });

  it('loads each language once, and a switch finds the new language’s texts after its load', async () => {
    const i18n = createI18n();
    const first = loadConsultationsMessages(i18n, 'en');
    expect(loadConsultationsMessages(i18n, 'en')).toBe(first);
    await first;
    expect(i18n._('consultations.search.selectAtLeast')).toBe('Select atleast a doctor or speciality for search');
    await activateLocale(i18n, 'ta');
    await loadConsultationsMessages(i18n, 'ta');
    expect(i18n._('consultations.card.doctorArrived')).toBe(consultationsTa['consultations.card.doctorArrived']);
  });
});
