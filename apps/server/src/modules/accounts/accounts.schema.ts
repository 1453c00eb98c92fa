import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { LanguageEnum } from '../../graphql/language.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { PaymentMethodRef } from '../payments/payment-methods.schema.ts';
import { PatientRef } from '../profiles/profiles.schema.ts';
import { queryOneProfile, type AccountDeps, type LoyaltyAccountView, type UserProfileView } from './accounts.service.ts';

function accountDeps(ctx: GraphQLContext): AccountDeps {
  return { db: ctx.database.db, tenant: ctx.tenant, viewer: requireViewer(ctx) };
}

const LoyaltyAccountRef = builder.objectRef<LoyaltyAccountView>('LoyaltyAccount').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    patientId: t.exposeID('patientId'),
    patientRelationship: t.exposeString('patientRelationship', { nullable: true }),
    name: t.exposeString('name'),
    activePoints: t.exposeInt('activePoints'),
    rate: t.exposeFloat('rate'),
  }),
});

const UserProfileRef = builder.objectRef<UserProfileView>('UserProfile').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    identifier: t.exposeString('identifier'),
    status: t.exposeString('status'),
    mobileNo: t.exposeString('mobileNo'),
    patients: t.field({ type: [PatientRef], resolve: (profile) => profile.patients }),
    paymentMethods: t.field({ type: [PaymentMethodRef], resolve: (profile) => profile.paymentMethods }),
    defaultPaymentMethod: t.exposeID('defaultPaymentMethod', { nullable: true }),
    hasPaymentMethod: t.exposeBoolean('hasPaymentMethod'),
    bookingReqId: t.exposeID('bookingReqId', { nullable: true }),
    loyaltyAccounts: t.field({ type: [LoyaltyAccountRef], resolve: (profile) => profile.loyaltyAccounts }),
    preferredLanguage: t.field({
      type: LanguageEnum,
      nullable: true,
      description: "The language of the account's texts and SMS; null until one is chosen (issue 6 §5).",
      resolve: (profile) => profile.preferredLanguage,
    }),
  }),
});

builder.queryField('queryOneProfile', (t) =>
  t.field({
    ...patientOperation,
    type: UserProfileRef,
    nullable: true,
    description: 'The signed-in account: profiles, saved cards, loyalty accounts (spec doc 1 §7).',
    resolve: (_root, _args, ctx) => queryOneProfile(accountDeps(ctx)),
  }),
);

