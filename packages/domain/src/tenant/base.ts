import { DEFAULT_LEAVE_HOME_SETTINGS } from '../consultations/leave-home.ts';
import type { TenantPublicConfig } from './types.ts';

/** The relationship choices (spec doc 1 §3). */
export const relationshipChoices = [
  'Me',
  'Father',
  'Mother',
  'Husband',
  'Wife',
  'Brother',
  'Sister',
  'Daughter',
  'Son',
  'Friend',
] as const;

/** Default diagnostic report codes 00000001–00000007 (spec doc 1 §3, doc 3 §3). */
const diagnosticReportCodes = [
  'Full Blood Count',
  'Urine Full Report',
  'Chest X-Ray',
  'ECG',
  'ESR',
  'SGPT',
  'Gamma GT',
].map((display, index) => ({
  code: String(index + 1).padStart(8, '0'),
  display,
  system: 'DiagnosticReportCode',
  enabled: true,
}));

/** Default procedure codes (spec doc 1 §3). */
const procedureCodes = ['General X-Ray', 'ECG', 'Echo', 'Ambulance'].map((display, index) => ({
  code: `P${String(index + 1).padStart(7, '0')}`,
  display,
  system: 'ProcedureCode',
  enabled: true,
}));

/**
 * The shared base configuration every tenant starts from (spec doc 1 §1, §6, §9).
 * All feature flags on except masterCard, reserve and questionnaireResponse.
 */
export const baseTenantConfig: TenantPublicConfig = {
  tenantId: 'base',
  appVersion: '3.13.0',
  uxFlow: 'chat',
  deploymentType: 'saas',
  features: {
    channelling: { enabled: true, payment: true, reserve: false },
    videoChannelling: { enabled: true, payment: true },
    medicationOrder: { enabled: true, payment: true },
    examinationOrder: { enabled: true, payment: true },
    procedureOrder: { enabled: true, payment: true },
    encounterOrder: { enabled: true, payment: true },
    paymentGateWay: {
      masterCard: false,
      cyberSource: true,
      genie: true,
      mobileBill: true,
      cash: true,
    },
    appointmentCancel: { enabled: true },
    appointmentRefund: { enabled: true },
    paymentTermsAndConditions: { enabled: true },
    agentChat: { enabled: true },
    chat: { enabled: true },
    appointmentPresentingComplains: { enabled: true },
    appointmentObservations: { enabled: true },
    questionnaireResponse: { enabled: false },
    editProfile: { enabled: true },
  },
  currency: 'USD',
  moneyDecimals: 2,
  branding: {
    hospitalName: 'Careline',
    shortName: 'Careline',
    logoUrl: '/brand/careline-logo.svg',
    iconUrl: '/brand/careline-icon.svg',
    appIcons: {
      png192: '/brand/careline-icon-192.png',
      png512: '/brand/careline-icon-512.png',
      maskable512: '/brand/careline-maskable-512.png',
    },
    theme: {
      primary: '#0b6e69',
      primaryContrast: '#ffffff',
      secondary: '#f2a541',
      background: '#f4f7f7',
      surface: '#ffffff',
      text: '#1d2a2a',
      danger: '#c62828',
      success: '#2e7d32',
      warning: '#ef6c00',
    },
  },
  billingAddress: { lines: [], city: '', country: 'Sri Lanka' },
  contacts: { fallback: '+94112000000', byOrganization: {} },
  defaultOrganizationByOrderType: {},
  relationships: [...relationshipChoices],
  diagnosticReportCodes,
  procedureCodes,
  reviewLinks: {},
  termsAndConditions: [],
  // 10 points per 100 charged, 10 points worth 1 unit of the currency: 1% back.
  loyalty: { enabled: true, name: 'Careline Rewards', pointsPer100: 10, rate: 10 },
  leaveHome: { ...DEFAULT_LEAVE_HOME_SETTINGS },
  map: { latitude: 6.927079, longitude: 79.861244, zoom: 10, height: 450 },
  trackingId: '',
};
