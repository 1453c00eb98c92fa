import { builder } from '../../graphql/builder.ts';
import { patientOperation, requireViewer } from '../../graphql/patient-auth.ts';
import { LOYALTY_TRANSACTIONS_MAX, queryLoyaltyTransactions, type LoyaltyTransactionView } from './loyalty.service.ts';

const LoyaltyTransactionItemRef = builder
  .objectRef<LoyaltyTransactionView['items'][number]>('LoyaltyTransactionItem')
  .implement({
    fields: (t) => ({
      description: t.exposeString('description'),
      points: t.exposeInt('points'),
      appointmentId: t.exposeID('appointmentId', { nullable: true, description: 'The visit that earned the points.' }),
    }),
  });

const LoyaltyTransactionRef = builder.objectRef<LoyaltyTransactionView>('LoyaltyTransaction').implement({
  description: 'A change of a loyalty account\'s points (spec doc 2 §3 Loyalty transaction).',
  fields: (t) => ({
    id: t.exposeID('id'),
    loyaltyAccountId: t.exposeID('loyaltyAccountId'),
    patientId: t.exposeID('patientId'),
    actor: t.exposeString('actor', { nullable: true, description: "'StaffUser/{id}' or 'Account/{id}'." }),
    createdTime: t.expose('createdTime', { type: 'DateTime' }),
    reasonCode: t.exposeString('reasonCode', { description: "'visit' for points earned on a completed, paid visit." }),
    items: t.field({ type: [LoyaltyTransactionItemRef], resolve: (row) => row.items }),
  }),
});

builder.queryField('queryLoyaltyTransaction', (t) =>
  t.field({
    ...patientOperation,
    type: [LoyaltyTransactionRef],
    description:
      "Loyalty transactions of one of the account's profiles, newest first (spec doc 2 §7). Another account's profile gives [].",
    args: {
      patient: t.arg.string({ required: true, description: "'Patient/{id}'." }),
      limit: t.arg.int({ defaultValue: LOYALTY_TRANSACTIONS_MAX }),
    },
    resolve: (_root, args, ctx) =>
      queryLoyaltyTransactions(
        ctx.database.db,
        { tenantId: ctx.tenant.id, accountId: requireViewer(ctx).accountId },
        args.patient,
        args.limit ?? LOYALTY_TRANSACTIONS_MAX,
      ),
  }),
);
