import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../audit/index.ts';
import { notFound } from '../staff/index.ts';
import {
  clearDefaultPaymentMethod,
  deletePaymentMethodRow,
  listPaymentMethods,
  setDefaultPaymentMethodRow,
  type CardOwner,
  type PaymentMethodRow,
} from './payment-methods.repo.ts';
import { UUID_PATTERN as uuidPattern } from '@careline/domain/ids';

/** What the saved-card services need from a request. */
export type PaymentMethodDeps = {
  db: Db;
  tenant: { id: string };
  viewer: { accountId: string };
  /** The request's correlation id, written into the audit trail. */
  correlationId: string;
};

/** A saved card as the API shows it (docs/api-contract.md PaymentMethod). */
export type PaymentMethodView = {
  id: string;
  type: string;
  status: string;
  cardExpiry: string | null;
  cardType: string | null;
  cardNumber: string | null;
  defaultMethod: boolean;
};

/** The account's saved cards and which one is the default (a default that is gone counts as none). */
export type AccountPaymentMethods = {
  paymentMethods: PaymentMethodView[];
  defaultPaymentMethod: string | null;
  hasPaymentMethod: boolean;
};

/**
 * A card number as it may leave the server: the first 6 digits, the rest masked (spec doc 2 §5).
 * Numbers stored masked already are returned as they are.
 * @param cardNumber - the stored number
 */
export function maskCardNumber(cardNumber: string | null): string | null {
  if (!cardNumber || cardNumber.replace(/\D/g, '').length <= 10) {
    return cardNumber;
  }
  let seen = 0;
  return cardNumber.replace(/\d/g, (digit) => (++seen <= 6 ? digit : 'X'));
}

function toPaymentMethodView(row: PaymentMethodRow, defaultId: string | null): PaymentMethodView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    cardExpiry: row.cardExpiry,
    cardType: row.cardType,
    cardNumber: maskCardNumber(row.cardNumber),
    defaultMethod: row.id === defaultId,
  };
}

/**
 * The account's saved cards, masked, with its default (spec doc 1 §7 queryOneProfile paymentMethods).
 * @param db - database
 * @param owner - tenant and account
 * @param accountDefaultId - the account's stored default card id
 */
export async function listAccountPaymentMethods(
  db: DbOrTx,
  owner: CardOwner,
  accountDefaultId: string | null,
): Promise<AccountPaymentMethods> {
  const rows = await listPaymentMethods(db, owner);
  const defaultId = rows.some((row) => row.id === accountDefaultId) ? accountDefaultId : null;
  return {
    paymentMethods: rows.map((row) => toPaymentMethodView(row, defaultId)),
    defaultPaymentMethod: defaultId,
    hasPaymentMethod: rows.some((row) => row.status === 'active'),
  };
}

function ownerOf(deps: PaymentMethodDeps): CardOwner {
  return { tenantId: deps.tenant.id, accountId: deps.viewer.accountId };
}

async function auditCardChange(
  tx: DbOrTx,
  deps: PaymentMethodDeps,
  action: string,
  id: string,
): Promise<void> {
  await recordAudit(tx, {
    tenantId: deps.tenant.id,
    actor: { kind: 'patient', accountId: deps.viewer.accountId },
    correlationId: deps.correlationId,
    action,
    details: { paymentMethodId: id },
  });
}

/**
 * Deletes one of the account's saved cards (spec doc 2 §7 deletePaymentMethod); another account's id is not found.
 * @param deps - database, tenant, viewer
 * @param id - the payment method
 */
export async function deletePaymentMethod(deps: PaymentMethodDeps, id: string): Promise<boolean> {
  const owner = ownerOf(deps);
  if (!uuidPattern.test(id)) {
    throw notFound();
  }
  await deps.db.transaction(async (tx) => {
    if (!(await deletePaymentMethodRow(tx, owner, id))) {
      throw notFound();
    }
    await clearDefaultPaymentMethod(tx, owner, id);
    await auditCardChange(tx, deps, 'account.payment-method.delete', id);
  });
  return true;
}

/**
 * Makes one of the account's saved cards the default (spec doc 2 §7 setDefaultPaymentMethod).
 * @param deps - database, tenant, viewer
 * @param id - the payment method
 */
export async function setDefaultPaymentMethod(
  deps: PaymentMethodDeps,
  id: string,
): Promise<boolean> {
  if (!uuidPattern.test(id)) {
    throw notFound();
  }
  await deps.db.transaction(async (tx) => {
    if (!(await setDefaultPaymentMethodRow(tx, ownerOf(deps), id))) {
      throw notFound();
    }
    await auditCardChange(tx, deps, 'account.payment-method.set-default', id);
  });
  return true;
}
