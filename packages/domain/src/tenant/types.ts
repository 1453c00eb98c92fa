import type { LeaveHomeSettings } from '../consultations/leave-home.ts';
import type { LoyaltySettings } from '../loyalty/loyalty-rules.ts';

/** Feature flags of a tenant (spec doc 1 §6, doc 2 §1, doc 3 §1). */
export type FeatureFlags = {
  channelling: {
    enabled: boolean;
    payment: boolean;
    reserve: boolean;
    /** First tenant override adds a screening-questionnaire link (spec doc 1 §6). */
    questionnaireLink?: string;
  };
  videoChannelling: { enabled: boolean; payment: boolean };
  medicationOrder: { enabled: boolean; payment: boolean };
  examinationOrder: { enabled: boolean; payment: boolean };
  procedureOrder: { enabled: boolean; payment: boolean };
  encounterOrder: { enabled: boolean; payment: boolean };
  paymentGateWay: {
    masterCard: boolean;
    cyberSource: boolean;
    genie: boolean;
    mobileBill: boolean;
    cash: boolean;
  };
  appointmentCancel: { enabled: boolean };
  appointmentRefund: { enabled: boolean };
  paymentTermsAndConditions: { enabled: boolean };
  agentChat: { enabled: boolean };
  chat: { enabled: boolean };
  appointmentPresentingComplains: { enabled: boolean };
  appointmentObservations: { enabled: boolean };
  questionnaireResponse: { enabled: boolean };
  editProfile: { enabled: boolean };
};

export type UxFlow = 'chat' | 'flat';
export type DeploymentType = 'single-site' | 'saas';

/** Kinds of contact number per organization (spec doc 1 §9). */
export const contactKinds = [
  'consultation',
  'video',
  'payment',
  'medication',
  'procedure',
  'examination',
  'admission',
] as const;
export type ContactKind = (typeof contactKinds)[number];

/** Order types that have a default organization (spec doc 1 §9, doc 3 §3). */
export const orderTypes = ['Medication', 'Examination', 'Procedure', 'Finance'] as const;
export type OrderType = (typeof orderTypes)[number];

export type CodedItem = { code: string; display: string; system: string; enabled: boolean };

export type Branding = {
  /** The hospital group's name, shown in texts such as 'Call <hospital>'. */
  hospitalName: string;
  /** Short name for the home-screen icon. */
  shortName: string;
  logoUrl: string;
  iconUrl: string;
  /** PNG icons for the web app manifest and home screens (the SVG iconUrl is not enough for them). */
  appIcons: {
    png192: string;
    png512: string;
    /** 512×512, artwork inside the central 80% circle, background to the edges. */
    maskable512: string;
  };
  theme: {
    primary: string;
    primaryContrast: string;
    secondary: string;
    background: string;
    surface: string;
    text: string;
    danger: string;
    success: string;
    warning: string;
  };
};

/** Everything about a tenant that the browser may see. Secrets live in the server's config only. */
export type TenantPublicConfig = {
  tenantId: string;
  appVersion: string;
  uxFlow: UxFlow;
  deploymentType: DeploymentType;
  features: FeatureFlags;
  currency: string;
  /** Money is shown with this many decimals (spec doc 1 §9). */
  moneyDecimals: number;
  branding: Branding;
  billingAddress: { lines: string[]; city: string; country: string };
  contacts: {
    /** Used when an organization has no number of the kind asked for. */
    fallback: string;
    byOrganization: Record<string, Partial<Record<ContactKind, string>>>;
  };
  defaultOrganizationByOrderType: Partial<Record<OrderType, string>>;
  relationships: string[];
  diagnosticReportCodes: CodedItem[];
  procedureCodes: CodedItem[];
  /** Per-organization review links for the rating screen (spec doc 2 §4 Feedback). */
  reviewLinks: Record<string, string>;
  termsAndConditions: string[];
  /** Loyalty points earned on completed, paid visits (spec doc 2 §2, issue 8 §11). */
  loyalty: LoyaltySettings;
  /** 'Leave home now' (issue 32 §1.3): minutes before the time to leave that the SMS goes, and how far an estimate moves for an update. */
  leaveHome: LeaveHomeSettings;
  map: { latitude: number; longitude: number; zoom: number; height: number };
  trackingId: string;
};
