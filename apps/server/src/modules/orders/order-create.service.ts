import { randomUUID } from 'node:crypto';
import { AppError } from '@careline/domain/errors';
import {
  DEFAULT_INITIATED_FROM,
  DEFAULT_ORDER_PAYMENT_METHOD,
  INITIAL_ORDER_STATUS,
  ORDER_CATEGORY_CODES,
  ORDER_STATUS_FIELDS,
  createOrderInput,
  isOrderCategory,
  isOrderCategoryEnabled,
  isSampleCollectionDateChoice,
} from '@careline/domain/orders';
import type { TenantPublicConfig } from '@careline/domain/tenant';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { runOnce } from '../idempotency/index.ts';
import { notFound } from '../staff/index.ts';
import { assignDocumentsToHospital, assignDocumentsToPatient, linkDocuments } from './order-documents.repo.ts';
import { findActiveOrganization, findOwnedProfile, insertOrderEvents, insertServiceRequest } from './orders.repo.ts';
import { attachableDocuments } from './order-documents.service.ts';
import { inputError, readOwnOrder, rendered, type OrderRequest, type OrderView } from './orders.service.ts';

/* A patient's new order (spec doc 3 §7 Create ServiceRequest). */

/** The create service request call's arguments (spec doc 3 §3 Creation payload contents). */
export type CreateOrderArgs = {
  patientId: string;
  /** Accepted and ignored: the order records the profile's own name. */
  patientGivenName?: string | null;
  orderCategory: string;
  organization?: string | null;
  documentReferenceIds?: readonly string[] | null;
  serviceRequestInitiatedFor?: string | null;
  requestedLat?: number | null;
  requestedLng?: number | null;
  addressLineOne?: string | null;
  addressLineTwo?: string | null;
  addressLineThree?: string | null;
  addressCity?: string | null;
  diagnosticReport?: readonly string[] | null;
  procedureRequest?: readonly string[] | null;
  sampleCollectionRequestedTime?: string | null;
  homeVisitRequestedTime?: string | null;
  additionalNote?: string | null;
};

const orUndefined = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

/** The tests or procedures named by codes, as the order detail's coding (spec doc 3 §2 'Test List' / 'Procedure List'). */
export function orderDetailOf(codes: readonly string[], known: TenantPublicConfig['diagnosticReportCodes']) {
  if (codes.length === 0) {
    return null;
  }
  return { coding: codes.map((code) => ({ display: known.find((item) => item.code === code)?.display ?? code })) };
}

/**
 * Creates an order for a profile of the account (spec doc 3 §3 Creation payload, §4 Creation flow)
 * in one transaction: the order (record status draft, revoked for admissions; the category's
 * status new; payment method card; communication status initial; homecare unless told; from
 * heartbeat), its documents through the join table in the order given (each once), the first line
 * of its order-events history and the audit row. The hospital defaults to the tenant's configured
 * one for the category (defaultOrganizationByOrderType). Refused: a category the tenant's flags do
 * not offer (ARO-E6028), a profile, hospital or document of another account or unknown (ARO-E2001),
 * a hospital's document (ARO-E6051), and the domain's input rules (createOrderInput). Idempotent with a key.
 * @param db - database
 * @param request - tenant, account, correlation id and idempotency key
 * @param config - the tenant's public config (flags, default hospitals, codes)
 * @param args - the creation payload
 * @param now - the clock
 */
export async function createServiceRequest(
  db: Db,
  request: OrderRequest,
  config: TenantPublicConfig,
  args: CreateOrderArgs,
  now: Date = new Date(),
): Promise<OrderView> {
  if (!isOrderCategory(args.orderCategory)) {
    throw rendered('ARO-E2002', 'ARO-E2002:orderCategory must be Medication, Examination, Procedure or Finance');
  }
  const category = args.orderCategory;
  if (!isOrderCategoryEnabled(config.features, category)) {
    throw new AppError('ARO-E6028');
  }
  const parsed = createOrderInput.safeParse({
    patientId: args.patientId,
    category,
    organizationId: args.organization ?? config.defaultOrganizationByOrderType[category],
    documentReferenceIds: orUndefined(args.documentReferenceIds),
    initiatedFor: orUndefined(args.serviceRequestInitiatedFor),
    addressLineOne: orUndefined(args.addressLineOne),
    addressLineTwo: orUndefined(args.addressLineTwo),
    addressLineThree: orUndefined(args.addressLineThree),
    addressCity: orUndefined(args.addressCity),
    requestedLat: args.requestedLat,
    requestedLng: args.requestedLng,
    diagnosticReport: orUndefined(args.diagnosticReport),
    procedureRequest: orUndefined(args.procedureRequest),
    sampleCollectionRequestedTime: args.sampleCollectionRequestedTime,
    homeVisitRequestedTime: args.homeVisitRequestedTime,
    additionalNote: orUndefined(args.additionalNote),
  });
  if (!parsed.success) {
    // A profile id that is no id at all looks like any unknown profile.
    if (parsed.error.issues.some((issue) => issue.path[0] === 'patientId')) {
      throw notFound();
    }
    throw inputError(parsed.error);
  }
  const input = parsed.data;
  if (
    category === 'Examination' &&
    input.sampleCollectionRequestedTime &&
    !isSampleCollectionDateChoice(new Date(input.sampleCollectionRequestedTime), now)
  ) {
    throw new AppError('ARO-E6027');
  }
  const answer = await runOnce(
    db,
    { tenantId: request.tenantId, accountId: request.accountId, key: request.idempotencyKey },
    'createServiceRequest',
    input,
    async (tx) => {
      const profile = await findOwnedProfile(tx, request, input.patientId);
      const organization = await findActiveOrganization(tx, request.tenantId, input.organizationId);
      if (!profile || !organization) {
        throw notFound();
      }
      const documentIds = await attachableDocuments(tx, request, input.documentReferenceIds, {
        patientId: profile.id,
        serviceRequestId: null,
      });
      const homecare = input.initiatedFor === 'homecare';
      const id = randomUUID();
      const row = await insertServiceRequest(tx, {
        id,
        // The order number the header shows and staff search by: short, from the id.
        identifier: id.slice(0, 8).toUpperCase(),
        tenantId: request.tenantId,
        accountId: request.accountId,
        patientId: profile.id,
        // spec doc 3 §3: the record's status is draft at creation, revoked for admissions.
        status: category === 'Finance' ? 'revoked' : 'draft',
        category,
        // spec doc 3 §3 shows no code for Finance: the category stands in for it.
        codeCode: ORDER_CATEGORY_CODES[category] ?? category,
        organizationId: organization.id,
        hospitalId: organization.id,
        orderDetail: orderDetailOf(
          category === 'Examination' ? input.diagnosticReport : input.procedureRequest,
          category === 'Examination' ? config.diagnosticReportCodes : config.procedureCodes,
        ),
        additionalNote: input.additionalNote ?? null,
        [ORDER_STATUS_FIELDS[category]]: INITIAL_ORDER_STATUS,
        orderCommunicationStatus: 'initial',
        serviceRequestInitiatedFor: input.initiatedFor,
        serviceRequestInitiatedFrom: DEFAULT_INITIATED_FROM,
        serviceRequestPaymentMethod: DEFAULT_ORDER_PAYMENT_METHOD,
        serviceRequestPaymentStatus: 'pending',
        sampleCollectionRequestedTime: input.sampleCollectionRequestedTime ? new Date(input.sampleCollectionRequestedTime) : null,
        homeVisitRequestedTime: input.homeVisitRequestedTime ? new Date(input.homeVisitRequestedTime) : null,
        addressLineOne: input.addressLineOne || null,
        addressLineTwo: input.addressLineTwo || null,
        addressLineThree: input.addressLineThree || null,
        addressCity: input.addressCity || null,
        requestedLat: homecare ? (input.requestedLat ?? null) : null,
        requestedLng: homecare ? (input.requestedLng ?? null) : null,
        diagnosticReport: category === 'Examination' && input.diagnosticReport.length > 0 ? input.diagnosticReport : null,
        procedureRequest: input.procedureRequest.length > 0 ? input.procedureRequest : null,
      });
      await linkDocuments(tx, request.tenantId, row.id, documentIds);
      await assignDocumentsToHospital(tx, documentIds, organization.id);
      // Files uploaded before the profile was picked (or for another profile) are the order's patient's.
      await assignDocumentsToPatient(tx, request, documentIds, profile.id);
      await insertOrderEvents(tx, [
        {
          tenantId: request.tenantId,
          serviceRequestId: row.id,
          fromStatus: null,
          toStatus: INITIAL_ORDER_STATUS,
          event: 'create',
          actorReference: `Patient/${profile.id}`,
        },
      ]);
      await recordAudit(tx, {
        tenantId: request.tenantId,
        actor: { kind: 'patient', accountId: request.accountId },
        action: 'order.create',
        correlationId: request.correlationId,
        patientId: profile.id,
        organizationId: organization.id,
        details: { serviceRequestId: row.id, category, documentCount: documentIds.length, initiatedFor: input.initiatedFor },
      });
      return { id: row.id };
    },
  );
  return readOwnOrder(db, request, answer.id);
}
