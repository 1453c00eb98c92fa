import type { ReactNode } from 'react';
import type { ClientPatient } from '@careline/domain/profiles';

/**
 * What the order screens need of the relationship modal (features/profiles'), passed in by the route
 * table (features never import each other): 'Select the profile to order' on creation, and the
 * relationship prompt 5000 ms after an order is created for a profile without one (spec doc 3 §2).
 */
export type OrderRelationshipPickerProps = {
  open: boolean;
  onSelect: (patient: ClientPatient) => void;
  onClose: () => void;
  /** Classify this unclassified profile instead of choosing one. */
  classifyingId?: string | null;
  notice?: ReactNode;
};

/** What the order view gives the payment block (features/payments) through its slot. */
export type OrderPaymentSlotOrder = {
  id: string;
  category: string;
  version: number;
  serviceRequestChargingAmount: number | null;
  serviceRequestPaymentStatus: string;
  serviceRequestPaymentMethod: string;
  organizationId: string | null;
  patientId: string;
  /** homecare or appointment: a switch prepares the invoice again (home service is class HH). */
  serviceRequestInitiatedFor: string | null;
  /** The category's order status: no pay button on a completed or canceled order. */
  orderStatus: string;
};

/** The payment block: the invoice, the payment method line and the pay buttons (spec doc 3 §2, §4 Order payment). */
export type OrderPaymentSlot = (order: OrderPaymentSlotOrder, onPaid: () => void) => ReactNode;
