import type { ServerPatient } from '@careline/domain/profiles';
import { builder } from '../../graphql/builder.ts';
import { LanguageEnum } from '../../graphql/language.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { staffOperation } from '../../graphql/staff-auth.ts';
import { actingRole, staffAccessError } from '../staff/index.ts';
import { setAccountLanguage } from '../auth/index.ts';
import { lookupPatientsByMobile, lookupWalkInPatients, type StaffDeskPatientView, type StaffPatientView } from './profiles.lookup.ts';
import {
  createPatient,
  patchPatient,
  type ProfileDeps,
} from './profiles.service.ts';

function profileDeps(ctx: GraphQLContext): ProfileDeps {
  return {
    db: ctx.database.db,
    tenant: ctx.tenant,
    viewer: requireViewer(ctx),
    correlationId: ctx.correlationId,
    maxProfiles: ctx.env.PROFILES_MAX_PER_ACCOUNT,
  };
}

const HumanNameRef = builder.objectRef<ServerPatient['name']>('HumanName').implement({
  fields: (t) => ({
    prefix: t.exposeString('prefix'),
    given: t.exposeStringList('given'),
    family: t.exposeString('family'),
  }),
});

const ContactPointRef = builder.objectRef<ServerPatient['telecom'][number]>('ContactPoint').implement({
  fields: (t) => ({
    use: t.exposeString('use'),
    system: t.exposeString('system'),
    value: t.exposeString('value'),
  }),
});

const AddressRef = builder.objectRef<NonNullable<ServerPatient['address']>>('Address').implement({
  fields: (t) => ({
    use: t.exposeString('use'),
    line: t.exposeStringList('line'),
    city: t.exposeString('city', { nullable: true }),
  }),
});

const ExtensionRef = builder.objectRef<ServerPatient['extension'][number]>('Extension').implement({
  fields: (t) => ({
    valueId: t.exposeString('valueId'),
    value: t.exposeString('value', { nullable: true }),
  }),
});

/** The Patient GraphQL type (docs/api-contract.md); other modules may use it for their fields. */
export const PatientRef = builder.objectRef<ServerPatient>('Patient').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.field({ type: HumanNameRef, resolve: (patient) => patient.name }),
    telecom: t.field({ type: [ContactPointRef], resolve: (patient) => patient.telecom }),
    birthDate: t.exposeString('birthDate', { nullable: true }),
    gender: t.exposeString('gender'),
    address: t.field({ type: AddressRef, nullable: true, resolve: (patient) => patient.address }),
    extension: t.field({ type: [ExtensionRef], resolve: (patient) => patient.extension }),
    link: t.exposeIDList('link'),
    hospitalId: t.exposeID('hospitalId', { nullable: true }),
    medicalRecordNumber: t.string({
      description: "The tenant's medical record number, the patient number on reports ('000042'); '' before one is given (issue 30 §3.7).",
      resolve: (patient) => patient.medicalRecordNumber ?? '',
    }),
  }),
});

const HumanNameInput = builder.inputType('HumanNameInput', {
  fields: (t) => ({
    prefix: t.string({ required: true }),
    given: t.stringList({ required: true }),
    family: t.string({ required: true }),
  }),
});

const ExtensionInput = builder.inputType('ExtensionInput', {
  fields: (t) => ({
    valueId: t.string({ required: true }),
    value: t.string(),
  }),
});

const PatientPatchInput = builder.inputType('PatientPatchInput', {
  fields: (t) => ({
    op: t.string({ required: true }),
    path: t.string({ required: true }),
    value: t.field({ type: 'JSON' }),
  }),
});

builder.mutationField('createPatient', (t) =>
  t.field({
    ...patientOperation,
    type: PatientRef,
    description: 'Adds a profile to the signed-in account and returns it (spec doc 1 §4 Profile creation).',
    args: {
      hospitalId: t.arg.id(),
      name: t.arg({ type: HumanNameInput, required: true }),
      birthDate: t.arg.string({ required: true }),
      gender: t.arg.string({ required: true }),
      extension: t.arg({ type: [ExtensionInput] }),
      link: t.arg.idList(),
      idempotencyKey: t.arg.string({
        description:
          'One key per submit, reused on retry (8-100 letters, digits, _ . : -): a retry returns the first profile (docs/api-contract.md).',
      }),
    },
    resolve: (_root, args, ctx) =>
      createPatient(
        profileDeps(ctx),
        {
        hospitalId: args.hospitalId === null || args.hospitalId === undefined ? null : String(args.hospitalId),
        name: args.name,
        birthDate: args.birthDate,
        gender: args.gender,
        extension: args.extension ?? null,
        link: args.link?.map(String) ?? null,
        },
        args.idempotencyKey ?? null,
      ),
  }),
);

builder.mutationField('patchPatient', (t) =>
  t.field({
    ...patientOperation,
    type: PatientRef,
    description: 'Changes one profile of the signed-in account, all patches or none (spec doc 1 §7).',
    args: {
      patientId: t.arg.id({ required: true }),
      patches: t.arg({ type: [PatientPatchInput], required: true }),
    },
    resolve: (_root, args, ctx) =>
      patchPatient(
        profileDeps(ctx),
        String(args.patientId),
        args.patches.map((patch) => ({ op: patch.op, path: patch.path, value: patch.value })),
      ),
  }),
);

builder.mutationField('setPreferredLanguage', (t) =>
  t.field({
    ...patientOperation,
    type: LanguageEnum,
    description: "Stores the account's language, used for its SMS (issue 6 §5).",
    args: { language: t.arg({ type: LanguageEnum, required: true }) },
    resolve: (_root, args, ctx) =>
      setAccountLanguage(ctx.database.db, requireViewer(ctx), args.language, ctx.correlationId),
  }),
);

const StaffPatientRef = builder.objectRef<StaffPatientView>('StaffPatient').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    prefix: t.exposeString('prefix'),
    givenName: t.exposeString('givenName'),
    familyName: t.exposeString('familyName'),
    gender: t.exposeString('gender'),
    birthDate: t.exposeString('birthDate', { nullable: true }),
    relationship: t.exposeString('relationship', { nullable: true }),
    mobileNo: t.exposeString('mobileNo'),
    hospitalId: t.exposeID('hospitalId', { nullable: true }),
  }),
});

const StaffDeskPatientRef = builder.objectRef<StaffDeskPatientView>('StaffDeskPatient').implement({
  description: 'A profile as the desk sees it while registering a walk-in: the name, and whether the hospital has a record of it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    prefix: t.exposeString('prefix'),
    givenName: t.exposeString('givenName'),
    familyName: t.exposeString('familyName'),
    knownHere: t.exposeBoolean('knownHere', {
      description: 'The profile has a record at this hospital (registered, an appointment, an order, a lab report or a chat).',
    }),
  }),
});

/**
 * Who runs a patient lookup and where: the staff member under the role the action allows them in
 * the hospital, or the policy's refusal (the same for both lookups, so neither can drift).
 * @param ctx - the request
 * @param action - the lookup's policy key
 * @param organizationId - the hospital the lookup is for
 */
function lookupCaller(
  ctx: GraphQLContext,
  action: 'patients.lookup' | 'patients.walkIn',
  organizationId: string,
): [Parameters<typeof lookupPatientsByMobile>[0], Parameters<typeof lookupPatientsByMobile>[1]] {
  const staff = ctx.staff;
  const role = staff ? actingRole(staff, action, organizationId) : null;
  if (!staff || !role) {
    throw staffAccessError(ctx, { action, organizationId });
  }
  return [
    { db: ctx.database.db, tenantId: ctx.tenant.id, correlationId: ctx.correlationId },
    { staffUserId: staff.staffUserId, role, organizationId },
  ];
}

builder.queryField('staffWalkInPatientLookup', (t) =>
  t.field({
    ...staffOperation('patients.walkIn'),
    type: [StaffDeskPatientRef],
    description:
      "The desk registering a walk-in (issue 29 §10): every profile behind a mobile number in the hospital group, by name, each with " +
      'whether this hospital has a record of it; booking one at the desk registers them here. The desk roles only; audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      mobileNo: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      lookupWalkInPatients(...lookupCaller(ctx, 'patients.walkIn', String(args.organizationId)), args.mobileNo),
  }),
);

builder.queryField('staffPatientLookup', (t) =>
  t.field({
    ...staffOperation('patients.lookup'),
    type: [StaffPatientRef],
    description:
      "Profiles behind a mobile number that the staff member's hospital has any record of (registered, an appointment, an order, " +
      'a lab report or a chat); audited.',
    args: {
      organizationId: t.arg.id({ required: true }),
      mobileNo: t.arg.string({ required: true }),
    },
    resolve: (_root, args, ctx) =>
      lookupPatientsByMobile(...lookupCaller(ctx, 'patients.lookup', String(args.organizationId)), args.mobileNo),
  }),
);
