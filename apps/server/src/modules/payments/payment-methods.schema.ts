import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation } from '../../graphql/patient-auth.ts';
import { requireViewer } from '../../graphql/patient-auth.ts';
import {
  deletePaymentMethod,
  setDefaultPaymentMethod,
  type PaymentMethodDeps,
  type PaymentMethodView,
} from './payment-methods.service.ts';

function cardDeps(ctx: GraphQLContext): PaymentMethodDeps {
  return {
    db: ctx.database.db,
    tenant: ctx.tenant,
    viewer: requireViewer(ctx),
    correlationId: ctx.correlationId,
  };
}

/** The PaymentMethod GraphQL type (a saved card); the profile's paymentMethods field uses it. */
export const PaymentMethodRef = builder.objectRef<PaymentMethodView>('PaymentMethod').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    type: t.exposeString('type'),
    status: t.exposeString('status'),
    cardExpiry: t.exposeString('cardExpiry', { nullable: true }),
    cardType: t.exposeString('cardType', { nullable: true }),
    cardNumber: t.exposeString('cardNumber', { nullable: true }),
    defaultMethod: t.exposeBoolean('defaultMethod'),
  }),
});

builder.mutationField('deletePaymentMethod', (t) =>
  t.boolean({
    ...patientOperation,
    description: "Deletes one of the account's saved cards.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deletePaymentMethod(cardDeps(ctx), String(args.id)),
  }),
);

builder.mutationField('setDefaultPaymentMethod', (t) =>
  t.boolean({
    ...patientOperation,
    description: "Makes one of the account's saved cards the default.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => setDefaultPaymentMethod(cardDeps(ctx), String(args.id)),
  }),
);
