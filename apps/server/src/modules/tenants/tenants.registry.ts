import fs from 'node:fs';
import {
  appointmentNoticeSettingsProblems,
  DEFAULT_APPOINTMENT_NOTICE_SETTINGS,
  type AppointmentNoticeSettings,
  LEAVE_HOME_SETTINGS_BOUNDS,
} from '@careline/domain/consultations';
import { baseTenantConfig, deepMerge } from '@careline/domain/tenant';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import { z } from 'zod';
import type { Env } from '../../config/env.ts';
import { demoTenants } from './tenants.demo.ts';
import { baseVideoSettings, videoSettingsProblems, type VideoSettings } from './tenants.video.ts';
import type {
  GatewaySettings,
  ServerTenant,
  TenantOverride,
  TenantRegistry,
} from './tenants.types.ts';

const flag = z.object({ enabled: z.boolean(), payment: z.boolean() }).strict();
const onOff = z.object({ enabled: z.boolean() }).strict();
const coded = z
  .object({ code: z.string().min(1), display: z.string().min(1), system: z.string(), enabled: z.boolean() })
  .strict();
const colour = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a #hex colour');

/** The shape every merged tenant config must have; unknown keys are mistakes and are refused. */
const publicConfigSchema = z
  .object({
    tenantId: z.string().min(1),
    appVersion: z.string().min(1),
    uxFlow: z.enum(['chat', 'flat']),
    deploymentType: z.enum(['single-site', 'saas']),
    features: z
      .object({
        channelling: z
          .object({
            enabled: z.boolean(),
            payment: z.boolean(),
            reserve: z.boolean(),
            questionnaireLink: z.string().url().optional(),
          })
          .strict(),
        videoChannelling: flag,
        medicationOrder: flag,
        examinationOrder: flag,
        procedureOrder: flag,
        encounterOrder: flag,
        paymentGateWay: z
          .object({
            masterCard: z.boolean(),
            cyberSource: z.boolean(),
            genie: z.boolean(),
            mobileBill: z.boolean(),
            cash: z.boolean(),
          })
          .strict(),
        appointmentCancel: onOff,
        appointmentRefund: onOff,
        paymentTermsAndConditions: onOff,
        agentChat: onOff,
        chat: onOff,
        appointmentPresentingComplains: onOff,
        appointmentObservations: onOff,
        questionnaireResponse: onOff,
        editProfile: onOff,
      })
      .strict(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as LKR'),
    moneyDecimals: z.number().int().min(0).max(4),
    branding: z
      .object({
        hospitalName: z.string().min(1),
        shortName: z.string().min(1).max(12),
        logoUrl: z.string().min(1),
        iconUrl: z.string().min(1),
        appIcons: z
          .object({ png192: z.string().min(1), png512: z.string().min(1), maskable512: z.string().min(1) })
          .strict(),
        theme: z
          .object({
            primary: colour,
            primaryContrast: colour,
            secondary: colour,
            background: colour,
            surface: colour,
            text: colour,
            danger: colour,
            success: colour,
            warning: colour,
          })
          .strict(),
      })
      .strict(),
    billingAddress: z
      .object({ lines: z.array(z.string()).max(3), city: z.string(), country: z.string() })
      .strict(),
    contacts: z
      .object({
        fallback: z.string().min(1),
        byOrganization: z.record(
          z.string(),
          z.partialRecord(
            z.enum(['consultation', 'video', 'payment', 'medication', 'procedure', 'examination', 'admission']),
            z.string(),
          ),
        ),
      })
      .strict(),
    defaultOrganizationByOrderType: z.partialRecord(
      z.enum(['Medication', 'Examination', 'Procedure', 'Finance']),
      z.string(),
    ),
    relationships: z.array(z.string().min(1)).min(1),
    diagnosticReportCodes: z.array(coded),
    procedureCodes: z.array(coded),
    reviewLinks: z.record(z.string(), z.string().url()),
    termsAndConditions: z.array(z.string()),
    loyalty: z
      .object({
        enabled: z.boolean(),
        name: z.string().min(1).max(60),
        pointsPer100: z.number().int().min(0).max(10_000),
        rate: z.number().positive().max(1_000_000),
      })
      .strict(),
    leaveHome: z
      .object({
        leadMinutes: z.number().int().min(LEAVE_HOME_SETTINGS_BOUNDS.leadMinutes.min).max(LEAVE_HOME_SETTINGS_BOUNDS.leadMinutes.max),
        marginMinutes: z
          .number()
          .int()
          .min(LEAVE_HOME_SETTINGS_BOUNDS.marginMinutes.min)
          .max(LEAVE_HOME_SETTINGS_BOUNDS.marginMinutes.max),
      })
      .strict(),
    map: z
      .object({
        latitude: z.number().min(-90).max(90),
        longitude: z.number().min(-180).max(180),
        zoom: z.number().int().min(1).max(22),
        height: z.number().int().positive(),
      })
      .strict(),
    trackingId: z.string(),
  })
  .strict();

const gatewaySchema = z
  .object({
    cyberSource: z
      .object({
        profileId: z.string().min(1),
        accessKey: z.string().min(1),
        secretKey: z.string().min(1),
        formUrl: z.string().min(1),
        // May stay empty: only token charges and refunds need the REST keys (refused without them).
        merchantId: z.string(),
        restKeyId: z.string(),
        restSecretKey: z.string(),
        restBaseUrl: z.string().min(1),
        stepUpOrigins: z.array(z.url({ protocol: /^https$/ }).transform((url) => new URL(url).origin)),
      })
      .strict(),
    genie: z
      .object({ merchantUrl: z.string().min(1), apiKey: z.string().min(1), secretKey: z.string().min(1) })
      .strict(),
    // The secret may stay empty where mobile bill is not used: its charges are then refused.
    mobileBill: z.object({ apiUrl: z.string().min(1), merchantId: z.string().min(1), secretKey: z.string() }).strict(),
  })
  .strict();

const overrideSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{2,40}$/, 'must be 2-40 lowercase letters, digits or dashes'),
    hosts: z.array(z.string().min(1)).optional(),
    default: z.boolean().optional(),
    config: z.record(z.string(), z.unknown()).optional(),
    gateways: z.record(z.string(), z.unknown()).optional(),
    // issue 9 §2: keyed by the hospital's organization id (a uuid, as contacts.byOrganization).
    hospitalGateways: z
      .record(z.uuid({ message: 'must be a hospital (organization) id' }), z.record(z.string(), z.unknown()))
      .optional(),
    smsSenderName: z.string().min(1).max(11).optional(),
    video: z.record(z.string(), z.unknown()).optional(),
    appointmentNotices: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

// The session notices' settings once merged (issue 32 §1.1, §1.4); their rules are checked after.
const appointmentNoticesSchema = z
  .object({
    reminderTime: z.string(),
    quietHours: z.object({ start: z.string(), end: z.string() }).strict(),
    lateAfterMinutes: z.number(),
  })
  .strict();

/** Distinct Host headers whose tenant the registry remembers (then it starts afresh). */
const RESOLVED_HOSTS_MAX = 1000;

/** Sandbox gateway settings used outside production: the form posts to our own sandbox. */
function baseGateways(env: Env): GatewaySettings {
  return {
    cyberSource: {
      profileId: 'sandbox-profile',
      accessKey: 'sandbox-access-key',
      secretKey: env.NODE_ENV === 'production' ? '' : 'sandbox-secret-key-not-for-production',
      formUrl: '/sandbox/cybersource/silent/pay',
      merchantId: 'sandbox-merchant',
      restKeyId: env.NODE_ENV === 'production' ? '' : 'sandbox-rest-key',
      restSecretKey: env.NODE_ENV === 'production' ? '' : Buffer.from('sandbox-rest-secret-not-for-production').toString('base64'),
      restBaseUrl: '/sandbox/cybersource',
      // CyberSource payer authentication's step-up hosts (Cardinal Commerce), production and test.
      stepUpOrigins: ['https://centinelapi.cardinalcommerce.com', 'https://centinelapistag.cardinalcommerce.com'],
    },
    genie: {
      // Genie Business Connect API base: the Genie sandbox in development (genie-sandbox.routes.ts).
      merchantUrl: '/sandbox/genie',
      apiKey: env.NODE_ENV === 'production' ? '' : 'sandbox-genie-key',
      secretKey: env.NODE_ENV === 'production' ? '' : 'sandbox-genie-secret-not-for-production',
    },
    mobileBill: {
      apiUrl: '/sandbox/mobile-bill',
      merchantId: 'sandbox-merchant',
      secretKey: env.NODE_ENV === 'production' ? '' : 'sandbox-mobile-bill-secret-not-for-production',
    },
  };
}

function describeIssues(where: string, error: z.ZodError): string {
  return error.issues
    .map((issue) => `  ${where}.${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('\n');
}

/**
 * Builds the tenant registry: base config deep-merged with each tenant's overrides, validated.
 * Throws an error naming every bad key, so a bad configuration stops the start.
 * @param env - validated environment (TENANTS_FILE, NODE_ENV)
 * @param overrides - tenant overrides; the demo tenants or TENANTS_FILE when omitted
 */
export function createTenantRegistry(env: Env, overrides?: unknown[]): TenantRegistry {
  let raw: unknown[] = overrides ?? demoTenants;
  if (!overrides && env.TENANTS_FILE) {
    try {
      raw = JSON.parse(fs.readFileSync(env.TENANTS_FILE, 'utf8')) as unknown[];
    } catch (error) {
      throw new Error(`Invalid configuration:\n  TENANTS_FILE: ${(error as Error).message}`);
    }
    if (!Array.isArray(raw)) {
      throw new Error('Invalid configuration:\n  TENANTS_FILE: must hold a JSON array of tenants');
    }
  }
  const problems: string[] = [];
  const tenants: ServerTenant[] = [];
  raw.forEach((entry, index) => {
    const parsed = overrideSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(describeIssues(`tenants[${index}]`, parsed.error));
      return;
    }
    const override = parsed.data;
    const where = `tenants[${override.id}]`;
    const merged = deepMerge<TenantPublicConfig>(
      { ...baseTenantConfig, currency: env.NODE_ENV === 'production' ? 'LKR' : 'USD' },
      override.config,
    );
    merged.tenantId = override.id;
    const publicParsed = publicConfigSchema.safeParse(merged);
    if (!publicParsed.success) {
      problems.push(describeIssues(`${where}.config`, publicParsed.error));
    }
    const gateways = deepMerge<GatewaySettings>(baseGateways(env), override.gateways);
    const gatewayParsed = gatewaySchema.safeParse(gateways);
    if (!gatewayParsed.success) {
      problems.push(describeIssues(`${where}.gateways`, gatewayParsed.error));
    }
    const hospitalGateways: Record<string, GatewaySettings> = {};
    for (const [organizationId, hospital] of Object.entries(override.hospitalGateways ?? {})) {
      // The tenant's settings, then the hospital's: a hospital overrides only what differs.
      const settings = deepMerge<GatewaySettings>(gateways, hospital);
      const hospitalParsed = gatewaySchema.safeParse(settings);
      if (!hospitalParsed.success) {
        problems.push(describeIssues(`${where}.hospitalGateways.${organizationId}`, hospitalParsed.error));
      }
      hospitalGateways[organizationId.toLowerCase()] = hospitalParsed.success ? hospitalParsed.data : settings;
    }
    const video = deepMerge<VideoSettings>(baseVideoSettings(), override.video);
    problems.push(...videoSettingsProblems(`${where}.video`, video));
    const appointmentNotices = deepMerge<AppointmentNoticeSettings>(
      structuredClone(DEFAULT_APPOINTMENT_NOTICE_SETTINGS),
      override.appointmentNotices,
    );
    const noticesParsed = appointmentNoticesSchema.safeParse(appointmentNotices);
    if (!noticesParsed.success) {
      problems.push(describeIssues(`${where}.appointmentNotices`, noticesParsed.error));
    } else {
      problems.push(...appointmentNoticeSettingsProblems(appointmentNotices).map((problem) => `  ${where}.appointmentNotices.${problem}`));
    }
    tenants.push({
      id: override.id,
      hosts: (override.hosts ?? []).map((host) => host.toLowerCase()),
      publicConfig: merged,
      gateways,
      hospitalGateways,
      smsSenderName: override.smsSenderName ?? merged.branding.shortName,
      video,
      appointmentNotices,
    });
  });
  if (tenants.length === 0 && problems.length === 0) {
    problems.push('  tenants: at least one tenant is required');
  }
  const ids = new Set<string>();
  const hostOwner = new Map<string, string>();
  for (const tenant of tenants) {
    if (ids.has(tenant.id)) {
      problems.push(`  tenants[${tenant.id}].id: used by more than one tenant`);
    }
    ids.add(tenant.id);
    for (const host of tenant.hosts) {
      const owner = hostOwner.get(host);
      if (owner) {
        problems.push(`  tenants[${tenant.id}].hosts: ${host} is already served by ${owner}`);
      }
      hostOwner.set(host, tenant.id);
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid tenant configuration:\n${problems.join('\n')}`);
  }
  const defaults = raw
    .map((entry, index) => ((entry as TenantOverride).default ? tenants[index] : undefined))
    .filter((tenant): tenant is ServerTenant => tenant !== undefined);
  const defaultTenant = defaults[0] ?? tenants[0];
  if (!defaultTenant) {
    throw new Error('Invalid tenant configuration:\n  tenants: at least one tenant is required');
  }
  const byHost = new Map(tenants.flatMap((tenant) => tenant.hosts.map((host) => [host, tenant])));
  const byId = new Map(tenants.map((tenant) => [tenant.id, tenant]));
  // Hosts as sent, resolved once: a request resolves its tenant several times (context, checks).
  // Bounded, since the Host header is the client's to choose.
  const resolved = new Map<string, ServerTenant>();
  return {
    resolve: (host) => {
      const sent = host ?? '';
      const known = resolved.get(sent);
      if (known !== undefined) {
        return known;
      }
      const tenant = byHost.get(sent.toLowerCase().replace(/:\d+$/, '')) ?? defaultTenant;
      if (resolved.size >= RESOLVED_HOSTS_MAX) {
        resolved.clear();
      }
      resolved.set(sent, tenant);
      return tenant;
    },
    byId: (id) => byId.get(id),
    all: () => [...tenants],
    defaultTenant,
  };
}
