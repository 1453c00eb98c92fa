import type { TenantOverride } from './tenants.types.ts';

/**
 * The demo hospital group's two tenants: the base configuration, and the spec's
 * 'first tenant override' (spec doc 1 §6): medication ordering, agent chat, editProfile, genie and
 * mobileBill off; reserve on; a screening-questionnaire link on channelling. The first tenant also asks
 * the seeded pre-visit questionnaire on its appointments (questionnaireResponse on, issue 30 §4.9).
 */
export const demoTenants: TenantOverride[] = [
  {
    id: 'careline-demo',
    default: true,
    hosts: ['localhost', '127.0.0.1', 'careline.localhost'],
    smsSenderName: 'Careline',
    config: {
      branding: { hospitalName: 'Careline Hospitals', shortName: 'Careline' },
      billingAddress: { lines: ['No. 21, Galle Road'], city: 'Colombo 03', country: 'Sri Lanka' },
      contacts: { fallback: '+94112500500' },
      loyalty: { name: 'Careline Rewards' },
      termsAndConditions: [
        'Appointment fees are charged in full when you book.',
        'Cancellations are accepted up to 24 hours before the session starts.',
        'Refunds are credited to the card used for payment within 14 working days.',
      ],
    },
  },
  {
    id: 'first-tenant',
    hosts: ['first.localhost'],
    smsSenderName: 'Lakeside',
    config: {
      branding: {
        hospitalName: 'Lakeside Medical Group',
        shortName: 'Lakeside',
        logoUrl: '/brand/lakeside-logo.svg',
        iconUrl: '/brand/lakeside-icon.svg',
        appIcons: {
          png192: '/brand/lakeside-icon-192.png',
          png512: '/brand/lakeside-icon-512.png',
          maskable512: '/brand/lakeside-maskable-512.png',
        },
        theme: { primary: '#1f4e9c', secondary: '#e0a030' },
      },
      features: {
        medicationOrder: { enabled: false },
        agentChat: { enabled: false },
        editProfile: { enabled: false },
        paymentGateWay: { genie: false, mobileBill: false },
        channelling: {
          reserve: true,
          questionnaireLink: 'https://forms.example.org/lakeside/screening',
        },
        questionnaireResponse: { enabled: true },
      },
      billingAddress: { lines: ['No. 5, Lake Drive'], city: 'Kandy', country: 'Sri Lanka' },
      contacts: { fallback: '+94812200200' },
      loyalty: { name: 'Lakeside Rewards', pointsPer100: 5 },
    },
  },
];
