import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { patientOperation } from '../../graphql/patient-auth.ts';
import { requireViewer } from '../../graphql/patient-auth.ts';
import { authenticatePaymentGateway } from './payer-authentication.service.ts';
import { completeBooking, type CompletedBookingView } from './saved-cards.service.ts';
import { initiateBooking, type BookingRequestView, type NameValue } from './gateway-start.service.ts';
import {
  prepareInvoice,
  queryChargingSchemes,
  type ChargingSchemeView,
  type InvoiceItemView,
  type InvoiceView,
} from './payment-invoices.service.ts';
import {
  queryPaymentRecords,
  PAYMENT_RECORDS_MAX,
  type PaymentRecordView,
  type PaymentResponseView,
} from './payment-records.service.ts';
import { type PaymentsCaller } from './payments.context.ts';

/** Who calls: the tenant, the signed-in account and what a service needs from the request. */
function caller(ctx: GraphQLContext): PaymentsCaller {
  const viewer = requireViewer(ctx);
  return {
    db: ctx.database.db,
    tenant: ctx.tenant,
    accountId: viewer.accountId,
    correlationId: ctx.correlationId,
    providers: ctx.providers,
    publish: ctx.publish,
    log: ctx.log,
    origin: ctx.requestOrigin ?? null,
  };
}

const InvoiceItemRef = builder.objectRef<InvoiceItemView>('InvoiceItem').implement({
  description: 'A charge line of an invoice (spec doc 2 §3 Invoice).',
  fields: (t) => ({
    description: t.exposeString('description'),
    amount: t.exposeString('amount', { description: 'Decimal with 2 decimals, e.g. "2500.00"; discounts are negative.' }),
    category: t.exposeString('category', {
      nullable: true,
      description: 'Charging category: doctor_fee, hospital_fee, hospital_fee_tax, procedure_fee, ... (issue 9 §1).',
    }),
  }),
});

const InvoiceRef = builder.objectRef<InvoiceView>('Invoice').implement({
  description: 'What a booking costs (spec doc 2 §3 Invoice); money as decimal strings with 2 decimals.',
  fields: (t) => ({
    id: t.exposeID('id'),
    requestReference: t.exposeString('requestReference', { description: "'Appointment/{id}', 'Session/{id}' or 'ServiceRequest/{id}' (an order)." }),
    appointmentId: t.exposeID('appointmentId', { nullable: true }),
    sessionId: t.exposeID('sessionId', { nullable: true }),
    serviceRequestId: t.exposeID('serviceRequestId', { nullable: true, description: "The order of an order's invoice (spec doc 3 §7 Prepare invoice)." }),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    patientId: t.exposeID('patientId', { nullable: true }),
    items: t.field({ type: [InvoiceItemRef], resolve: (invoice) => invoice.items }),
    values: t.exposeStringList('values', { description: 'Value list; the last value is the payable amount.' }),
    total: t.exposeString('total', { description: 'The payable amount, e.g. "2500.00".' }),
    currency: t.exposeString('currency'),
    reasonCode: t.exposeString('reasonCode', {
      description: "'prepayment_collected' while open, 'revenue_collected' once paid (spec doc 2 §3).",
    }),
    bookingId: t.exposeID('bookingId', { nullable: true, description: 'The booking request that paid it.' }),
  }),
});

const PrepareInvoiceInput = builder.inputType('PrepareInvoiceInput', {
  description:
    'What to invoice (spec doc 2 §7 prepareInvoice): an appointment, a session with a patient or temporary, or an order ' +
    '(serviceRequestId; spec doc 3 §7 Prepare invoice).',
  fields: (t) => ({
    instrumentType: t.string({ description: "Default 'credit_card'." }),
    appointmentId: t.id(),
    serviceRequestId: t.id({
      description:
        "An order of the account: invoiced for the order's charging amount as the hospital set it (request reference " +
        'ServiceRequest/{id}, service class HH for a home request), prepared again when the charge changes.',
    }),
    sessionId: t.id(),
    procedureCodes: t.stringList(),
    patientId: t.id(),
    temporary: t.boolean(),
    chargingSchemeId: t.id({ description: "Another active scheme of the session's hospital; default the session's." }),
    serviceClass: t.string(),
    reasonCode: t.string(),
  }),
});

const NameValueRef = builder.objectRef<NameValue>('NameValue').implement({
  fields: (t) => ({ name: t.exposeString('name'), value: t.exposeString('value') }),
});

const NameValueInput = builder.inputType('NameValueInput', {
  fields: (t) => ({ name: t.string({ required: true }), value: t.string({ required: true }) }),
});

const SignatureInput = builder.inputType('SignatureInput', {
  fields: (t) => ({ parameter: t.field({ type: [NameValueInput], required: true }) }),
});

const SignatureRef = builder.objectRef<BookingRequestView['signature']>('Signature').implement({
  description: 'A signed parameter list (spec doc 2 §3 Booking request).',
  fields: (t) => ({
    parameter: t.field({ type: [NameValueRef], resolve: (signature) => signature.parameter }),
    value: t.exposeString('value', { nullable: true }),
  }),
});

const InitiateBookingInput = builder.inputType('InitiateBookingInput', {
  description: 'Starts paying an invoice through a gateway (spec doc 2 §7 initiateBooking).',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The invoice id (prepareInvoice).' }),
    successUrl: t.string({ required: true, description: "A path of this site, e.g. '/view/appointment?id=...'." }),
    failureUrl: t.string({ required: true, description: 'A path of this site.' }),
    paymentGatewayType: t.string({
      required: true,
      description: "'cyberSource', or 'genie' where the tenant's paymentGateWay.genie is on (ARO-E5020 otherwise).",
    }),
    serviceClass: t.string(),
    reasonCode: t.string(),
    signature: t.field({ type: SignatureInput }),
    savePaymentMethod: t.boolean({ description: 'Ask the gateway for a payment token and save the card.' }),
  }),
});

const BookingRequestRef = builder.objectRef<BookingRequestView>('BookingRequest').implement({
  description:
    'The fields to post to formUrl, signed by the server, plus the card fields named in unsignedFieldNames (spec doc 2 §7).',
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The booking request id (bookingId in the return URL).' }),
    formUrl: t.exposeString('formUrl'),
    formMethod: t.exposeString('formMethod', {
      description: "'POST': post the fields as a hidden form (card gateway); 'GET': open formUrl with the fields added to its query (Genie).",
    }),
    signature: t.field({ type: SignatureRef, resolve: (request) => request.signature }),
    unsignedFieldNames: t.exposeStringList('unsignedFieldNames'),
  }),
});

const CompleteBookingInput = builder.inputType('CompleteBookingInput', {
  description: 'Quick pay of an invoice with a saved card (spec doc 2 §7 completeBooking).',
  fields: (t) => ({
    id: t.id({ required: true, description: 'The invoice id (prepareInvoice).' }),
    paymentGatewayType: t.string({ required: true }),
    paymentMethodId: t.id({ description: "Default: the account's default payment method." }),
    signature: t.field({ type: SignatureInput }),
  }),
});

const CompletedBookingRef = builder.objectRef<CompletedBookingView>('CompletedBooking').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: true, description: 'The payment id (payment history at this id).' }),
    bookingId: t.exposeID('bookingId', {
      nullable: true,
      description: "The booking request: authenticatePaymentGateway's id while status is 'authenticating'.",
    }),
    requestReference: t.exposeString('requestReference', { nullable: true }),
    sessionId: t.exposeID('sessionId', { nullable: true }),
    status: t.exposeString('status', {
      description:
        "'completed', 'pending' (REVIEW, or an outcome the cashier reconciles: 'Payment is pending'), 'failed', or 'authenticating' (the bank wants 3-D Secure first: authenticatePaymentGateway; nothing was charged yet).",
    }),
    message: t.exposeString('message', { nullable: true }),
    paymentMethodId: t.exposeID('paymentMethodId', { nullable: true }),
  }),
});

const PaymentResponseRef = builder.objectRef<PaymentResponseView>('PaymentResponse').implement({
  description: 'The gateway answer of a payment (spec doc 3 §3 Payment); the card is masked.',
  fields: (t) => ({
    amount: t.exposeString('amount', { nullable: true }),
    status: t.exposeString('status', { nullable: true, description: 'ACCEPT, REVIEW, DECLINE, ERROR, CANCEL.' }),
    message: t.exposeString('message', { nullable: true }),
    additionalInfo: t.exposeString('additionalInfo', { nullable: true, description: "The gateway's own message." }),
    reasonCode: t.exposeString('reasonCode', { nullable: true, description: "The gateway's reason code, e.g. '476' (bank authentication failed)." }),
    transactionDate: t.expose('transactionDate', { type: 'DateTime', nullable: true }),
    transactionReference: t.exposeString('transactionReference', { nullable: true }),
    cardType: t.exposeString('cardType', { nullable: true }),
    cardNumber: t.exposeString('cardNumber', { nullable: true }),
    cardExpiry: t.exposeString('cardExpiry', { nullable: true }),
    firstName: t.exposeString('firstName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    paymentGatewayType: t.exposeString('paymentGatewayType', { nullable: true }),
  }),
});

const PaymentRecordRef = builder.objectRef<PaymentRecordView>('PaymentRecord').implement({
  description: 'A payment of the account (spec doc 2 §2 payment history, §3 Payment record).',
  fields: (t) => ({
    id: t.exposeID('id'),
    bookingId: t.exposeID('bookingId'),
    requestReference: t.exposeString('requestReference'),
    organizationId: t.exposeID('organizationId', { nullable: true }),
    organizationName: t.exposeString('organizationName', { nullable: true }),
    patientId: t.exposeID('patientId', { nullable: true }),
    createdTime: t.expose('createdTime', { type: 'DateTime' }),
    response: t.field({ type: PaymentResponseRef, resolve: (record) => record.response }),
    invoice: t.field({
      type: InvoiceRef,
      nullable: true,
      description: 'The paid invoice, for a successful payment.',
      resolve: (record) => record.invoice,
    }),
  }),
});

const ChargingSchemeItemRef = builder
  .objectRef<ChargingSchemeView['items'][number]>('ChargingSchemeItem')
  .implement({
    fields: (t) => ({
      category: t.exposeString('category'),
      description: t.exposeString('description'),
      amount: t.exposeString('amount', { description: 'Decimal with 2 decimals.' }),
    }),
  });

const ChargingSchemeRef = builder.objectRef<ChargingSchemeView>('ChargingScheme').implement({
  description: "A hospital's fee lines (spec doc 2 §3 Charging scheme).",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    status: t.exposeString('status'),
    organizationId: t.exposeID('organizationId'),
    currency: t.exposeString('currency'),
    items: t.field({ type: [ChargingSchemeItemRef], resolve: (scheme) => scheme.items }),
  }),
});

const idempotencyKeyArg = {
  description: 'One key per tap on Pay, reused on retry: a double tap gives one booking request or charge.',
};

builder.mutationField('prepareInvoice', (t) =>
  t.field({
    ...patientOperation,
    type: InvoiceRef,
    description:
      "The invoice for an appointment of the account, or a session with a profile or temporary (spec doc 2 §7), or an order of the account (serviceRequestId: its charging amount; ARO-E5023 paid, ARO-E5024 no charge, ARO-E5025 closed; spec doc 3 §4 Order payment). The open invoice of the same request is reused. Another account's ids: ARO-E2001.",
    args: { input: t.arg({ type: PrepareInvoiceInput, required: true }) },
    resolve: (_root, args, ctx) =>
      prepareInvoice(caller(ctx), {
        appointmentId: args.input.appointmentId ?? null,
        serviceRequestId:
          args.input.serviceRequestId === null || args.input.serviceRequestId === undefined ? null : String(args.input.serviceRequestId),
        sessionId: args.input.sessionId ?? null,
        patientId: args.input.patientId ?? null,
        temporary: args.input.temporary ?? false,
        chargingSchemeId: args.input.chargingSchemeId ?? null,
        procedureCodes: args.input.procedureCodes ?? [],
        instrumentType: args.input.instrumentType ?? null,
        serviceClass: args.input.serviceClass ?? null,
        reasonCode: args.input.reasonCode ?? null,
      }),
  }),
);

builder.mutationField('initiateBooking', (t) =>
  t.field({
    ...patientOperation,
    type: BookingRequestRef,
    description:
      'Starts paying an open invoice of the account: answers the signed fields the browser posts to formUrl with the card fields (spec doc 2 §7 initiateBooking). The gateway answers at /payments/cybersource/return, which redirects to successUrl or failureUrl with paymentStatus=Success|Failure&bookingId=<id>.',
    args: {
      input: t.arg({ type: InitiateBookingInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      initiateBooking(caller(ctx), {
        invoiceId: String(args.input.id),
        successUrl: args.input.successUrl,
        failureUrl: args.input.failureUrl,
        paymentGatewayType: args.input.paymentGatewayType,
        serviceClass: args.input.serviceClass ?? null,
        reasonCode: args.input.reasonCode ?? null,
        savePaymentMethod: args.input.savePaymentMethod ?? false,
        idempotencyKey: args.idempotencyKey ?? null,
      }),
  }),
);

builder.mutationField('completeBooking', (t) =>
  t.field({
    ...patientOperation,
    type: CompletedBookingRef,
    description:
      "Quick pay of an open invoice of the account with a saved card (spec doc 2 §7 completeBooking); status 'completed', 'pending' or 'failed' with the gateway's message. ARO-E5015 while another payment of the invoice is being processed. Another account's ids: ARO-E2001.",
    args: {
      input: t.arg({ type: CompleteBookingInput, required: true }),
      idempotencyKey: t.arg.string(idempotencyKeyArg),
    },
    resolve: (_root, args, ctx) =>
      completeBooking(caller(ctx), {
        invoiceId: String(args.input.id),
        paymentGatewayType: args.input.paymentGatewayType,
        paymentMethodId: args.input.paymentMethodId === null || args.input.paymentMethodId === undefined ? null : String(args.input.paymentMethodId),
        idempotencyKey: args.idempotencyKey ?? null,
      }),
  }),
);

builder.mutationField('authenticatePaymentGateway', (t) =>
  t.field({
    ...patientOperation,
    type: 'JSON',
    description:
      "3-D Secure of a quick pay whose completeBooking answered 'authenticating' (spec doc 2 §7): JSON { authentication: { redirectHtml } } (or redirectUrl), the bank's page to post after 1 s. The bank returns to /payments/cybersource/authenticated, which charges once and redirects to successUrl or failureUrl with paymentStatus=Success|Failure&bookingId=<id>. ARO-E5018 when the payment needs no check, ARO-E5019 when it expired; another account's id: ARO-E2001.",
    args: {
      id: t.arg.id({ required: true, description: "completeBooking's bookingId." }),
      successUrl: t.arg.string({ description: "A path of this site; default '/profiles/my-payment-history'." }),
      failureUrl: t.arg.string({ description: 'A path of this site; default successUrl.' }),
    },
    resolve: (_root, args, ctx) =>
      authenticatePaymentGateway(caller(ctx), {
        bookingId: String(args.id),
        successUrl: args.successUrl ?? null,
        failureUrl: args.failureUrl ?? null,
      }),
  }),
);

builder.queryField('queryPaymentGatewayCallback', (t) =>
  t.field({
    ...patientOperation,
    type: [PaymentRecordRef],
    description: "The account's payments, newest first (spec doc 2 §7 queryPaymentGatewayCallback: my payments).",
    args: {
      paymentId: t.arg.id(),
      bookingId: t.arg.id(),
      requestReference: t.arg.string(),
      limit: t.arg.int({ defaultValue: PAYMENT_RECORDS_MAX }),
    },
    resolve: (_root, args, ctx) =>
      queryPaymentRecords(caller(ctx), {
        paymentId: args.paymentId === null || args.paymentId === undefined ? null : String(args.paymentId),
        bookingId: args.bookingId === null || args.bookingId === undefined ? null : String(args.bookingId),
        requestReference: args.requestReference ?? null,
        limit: args.limit ?? PAYMENT_RECORDS_MAX,
      }),
  }),
);

builder.queryField('queryChargingScheme', (t) =>
  t.field({
    ...patientOperation,
    type: [ChargingSchemeRef],
    description: "Active charging schemes of a hospital of this tenant (spec doc 2 §7 queryChargingScheme).",
    args: { organizationId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => queryChargingSchemes(caller(ctx), String(args.organizationId)),
  }),
);
