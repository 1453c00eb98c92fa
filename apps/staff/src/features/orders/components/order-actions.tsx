import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useClient } from 'urql';
import { Alert, Button, TextField } from '@careline/ui/components';
import { errorString } from '@careline/domain/errors';
import { ORDER_UPLOAD_MAX_BYTES, uploadLimitText, type OrderMoveBlock } from '@careline/domain/orders';
import type { StaffRole } from '@careline/domain/staff';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalDayOf, hospitalInstant } from '../../../lib/hospital-time.ts';
import {
  staffAttachOrderDocumentMutation,
  staffCancelOrderMutation,
  staffMoveOrderStatusMutation,
  staffReplaceOrderMutation,
  staffScheduleSampleCollectionMutation,
  staffSetOrderChargeMutation,
  staffSetOrderEstimatedTimeMutation,
  staffTakeOrderCashPaymentMutation,
  type StaffOrderCashReceipt,
  type StaffOrderDetail,
} from '../api/orders-operations.ts';
import { uploadStaffFile } from '../api/staff-files.ts';
import type { useOrderActions } from '../hooks/use-order.ts';
import { useOrdersMessages } from '../messages.ts';
import { chargeAmountText, hospitalDateTime, recordsOrderPayment, staffOrderCashOwed, staffOrderMoveBlock } from '../order-rules.ts';

/**
 * What the member may do on orders here (the server's policy keys for their roles); takeCash is
 * 'payments.orderCash' (cashiers, admins and the staff who work orders), taken from the hospital's
 * memberships when not given; roles, the member's roles here, hold Take cash to the categories they
 * record payments of (the domain's recordPayment rule: a pharmacist does not take a lab test's cash).
 */
export type OrderAbilities = {
  work: boolean;
  estimatedTime: boolean;
  sampleCollection: boolean;
  takeCash?: boolean;
  roles?: readonly StaffRole[];
};

/** Which actions an order offers the member now: only what its status and the member's roles allow. */
export type OrderActionSet = {
  charge: boolean;
  estimatedTime: boolean;
  sampleCollection: boolean;
  /** The status moves on show; one that waits for something first carries why (shown disabled). */
  moves: { to: string; block: OrderMoveBlock | null }[];
  cancel: boolean;
  replace: boolean;
  attach: boolean;
  /** Take the cash owed on a cash order (staffTakeOrderCashPayment), before completing it. */
  takeCash: boolean;
};

/**
 * The actions on show for an order: the moves are the server's nextStatuses (the domain's state
 * machine: canceled is the cancel action), each with the domain's orderMoveBlock (what the server
 * would refuse it for now, and what to do first), the sample collection its
 * canScheduleSampleCollection, each behind the member's policy key.
 * @param view - the order as the server answered it
 * @param may - what the member's roles allow here
 */
export function orderActionSet(
  view: Pick<StaffOrderDetail, 'nextStatuses' | 'canScheduleSampleCollection'> & {
    order: Pick<
      StaffOrderDetail['order'],
      | 'category'
      | 'orderStatus'
      | 'replacedBy'
      | 'serviceRequestPaymentStatus'
      | 'serviceRequestPaymentMethod'
      | 'serviceRequestChargingAmount'
    > &
      Partial<Pick<StaffOrderDetail['order'], 'serviceRequestInitiatedFor' | 'sampleCollectionUserName' | 'sampleCollectionTime'>>;
  },
  may: OrderAbilities,
): OrderActionSet {
  const open = view.nextStatuses.length > 0;
  return {
    charge: may.work && open && view.order.serviceRequestPaymentStatus !== 'paid',
    estimatedTime: may.estimatedTime && open && view.order.category === 'Medication',
    sampleCollection: may.sampleCollection && view.canScheduleSampleCollection,
    moves: may.work
      ? view.nextStatuses
          .filter((status) => status !== 'canceled')
          .map((to) => ({
            to,
            block: staffOrderMoveBlock(
              {
                ...view.order,
                serviceRequestInitiatedFor: view.order.serviceRequestInitiatedFor ?? 'homecare',
                sampleCollectionTime: view.order.sampleCollectionTime === null || view.order.sampleCollectionTime === undefined ? null : String(view.order.sampleCollectionTime),
              },
              to,
            ),
          }))
      : [],
    cancel: may.work && view.nextStatuses.includes('canceled'),
    replace: may.work && open,
    // Results may come after completion; a canceled or replaced order takes none.
    attach: may.work && view.order.orderStatus !== 'canceled' && !view.order.replacedBy,
    // The domain's rule: an open order with an unpaid charge, whatever the method; completing waits for
    // it (ARO-E6008). Only for a category the member records payments of.
    takeCash:
      (may.takeCash ?? false) &&
      (may.roles === undefined || recordsOrderPayment(view.order.category, may.roles)) &&
      staffOrderCashOwed(view.order),
  };
}

type Actions = ReturnType<typeof useOrderActions>;

function ActionForm({ heading, children, onSubmit }: { heading: string; children: ReactNode; onSubmit: () => void }) {
  const headingId = useId();
  return (
    <form
      aria-labelledby={headingId}
      className="order-action"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3 id={headingId}>{heading}</h3>
      {children}
    </form>
  );
}

/**
 * The order's actions for the member: the charge (which prepares the patient's invoice), the
 * estimated time, the home sample collection, the status moves, cancel with a reason, replace and
 * attaching a result or prescription. Each shows its progress, and its error or notice above.
 * @param props - the hospital, the order, what the member may do, the action runner and where a replacement opens
 */
export function OrderActions({
  organizationId,
  view,
  may,
  actions,
  onReplaced,
}: {
  organizationId: string;
  view: StaffOrderDetail;
  may: OrderAbilities;
  actions: Actions;
  onReplaced: (orderId: string) => void;
}) {
  const t = useOrdersMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const set = orderActionSet(view, may);
  const order = view.order;
  const base = { organizationId, id: view.id };
  const today = hospitalDayOf(new Date());

  const [amount, setAmount] = useState(() =>
    order.serviceRequestChargingAmount !== null && order.serviceRequestChargingAmount !== undefined
      ? order.serviceRequestChargingAmount.toFixed(2)
      : '',
  );
  const [estimatedDay, setEstimatedDay] = useState(today);
  const [estimatedClock, setEstimatedClock] = useState('');
  const [collector, setCollector] = useState(order.sampleCollectionUserName ?? '');
  const [sampleDay, setSampleDay] = useState(today);
  const [sampleClock, setSampleClock] = useState('');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState<'cancel' | 'replace' | null>(null);
  const [replaceNote, setReplaceNote] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [description, setDescription] = useState('');
  const [receipt, setReceipt] = useState<StaffOrderCashReceipt | null>(null);
  const fileId = useId();
  const receiptHeadingId = useId();
  const reasonId = useId();

  const nothing =
    !set.charge &&
    !set.estimatedTime &&
    !set.sampleCollection &&
    set.moves.length === 0 &&
    !set.cancel &&
    !set.replace &&
    !set.attach &&
    !set.takeCash;
  // The panel each action's error shows in (its form, or the status moves), when that panel is on show.
  const errorPanel = (last: string | null): string | null => {
    if (last === null) {
      return null;
    }
    if (last.startsWith('move:')) {
      return set.moves.length > 0 ? 'move' : null;
    }
    const shown: Record<string, boolean> = {
      cash: set.takeCash,
      charge: set.charge,
      estimated: set.estimatedTime,
      sample: set.sampleCollection,
      attach: set.attach,
      cancel: set.cancel,
      replace: set.replace,
    };
    return shown[last] ? last : null;
  };
  const errorShownAt = (last: string | null) => errorPanel(last) !== null;
  const errorFor = (panel: string) =>
    actions.error && errorPanel(actions.last) === panel ? <Alert tone="error">{actions.error}</Alert> : null;
  const moveBlockId = (to: string) => `${headingId}-blocked-${to}`;
  const firstStepText = (block: OrderMoveBlock): string => {
    switch (block.firstStep) {
      case 'setCharge':
        return set.charge ? t.moveFirstHere(t.chargeHeading) : '';
      case 'scheduleSampleCollection':
        return set.sampleCollection ? t.moveFirstHere(t.sampleHeading) : t.moveFirstSchedule;
      case 'takePayment':
        return set.takeCash ? t.moveFirstHere(t.cashHeading) : t.moveFirstPayment;
    }
  };
  const owed =
    order.serviceRequestChargingAmount !== null && order.serviceRequestChargingAmount !== undefined
      ? order.serviceRequestChargingAmount.toFixed(2)
      : '';

  const takeCash = () =>
    void actions.run(
      'cash',
      (args) =>
        client
          .mutation(staffTakeOrderCashPaymentMutation, {
            organizationId,
            serviceRequestId: view.id,
            expectedVersion: args.expectedVersion,
            idempotencyKey: args.idempotencyKey,
          })
          .toPromise(),
      (data) => {
        const taken = (data as { staffTakeOrderCashPayment: StaffOrderCashReceipt }).staffTakeOrderCashPayment;
        setReceipt(taken);
        return t.cashDone(taken.receiptNumber);
      },
    );

  const setCharge = () => {
    const text = chargeAmountText(amount);
    if (!text) {
      actions.refuse(errorText(errorString('ARO-E6005')), 'charge');
      return;
    }
    void actions.run(
      'charge',
      (args) => client.mutation(staffSetOrderChargeMutation, { ...base, ...args, amount: text }).toPromise(),
      () => t.chargeDone(text, view.currency),
    );
  };

  const setEstimated = () => {
    const at = hospitalInstant(estimatedDay, estimatedClock);
    if (!at) {
      actions.refuse(t.enterDateTime, 'estimated');
      return;
    }
    void actions.run(
      'estimated',
      (args) => client.mutation(staffSetOrderEstimatedTimeMutation, { ...base, ...args, time: at.toISOString() }).toPromise(),
      () => t.estimatedDone,
    );
  };

  const schedule = () => {
    const at = hospitalInstant(sampleDay, sampleClock);
    const name = collector.trim();
    if (name === '') {
      actions.refuse(errorText(errorString('ARO-E6012')), 'sample');
      return;
    }
    if (!at) {
      actions.refuse(t.enterDateTime, 'sample');
      return;
    }
    void actions.run(
      'sample',
      (args) =>
        client.mutation(staffScheduleSampleCollectionMutation, { ...base, ...args, collectorName: name, time: at.toISOString() }).toPromise(),
      () => t.sampleDone(name),
    );
  };

  const move = (to: string) =>
    void actions.run(
      `move:${to}`,
      (args) => client.mutation(staffMoveOrderStatusMutation, { ...base, ...args, to }).toPromise(),
      () => t.moveDone(t.statusName(to)),
    );

  const cancel = async () => {
    const ok = await actions.run(
      'cancel',
      (args) => client.mutation(staffCancelOrderMutation, { ...base, ...args, reason }).toPromise(),
      () => t.cancelDone,
    );
    if (ok) {
      setConfirming(null);
    }
  };

  const replace = async () => {
    let replacement: string | null = null;
    const ok = await actions.run(
      'replace',
      async (args) => {
        const result = await client
          .mutation(staffReplaceOrderMutation, {
            ...base,
            ...args,
            input: replaceNote.trim() ? { additionalNote: replaceNote.trim() } : null,
          })
          .toPromise();
        replacement = result.data?.staffReplaceOrder.id ?? null;
        return result;
      },
      () => t.replaceDone,
    );
    if (ok && replacement) {
      setConfirming(null);
      onReplaced(replacement);
    }
  };

  const attach = () => {
    if (!file) {
      actions.refuse(t.attachChooseFile, 'attach');
      return;
    }
    void actions
      .run(
        'attach',
        async (args) => {
          const blobId = await uploadStaffFile(file, organizationId);
          return client
            .mutation(staffAttachOrderDocumentMutation, { ...base, ...args, blobId, description: description.trim() || null })
            .toPromise();
        },
        () => t.attachDone,
      )
      .then((ok) => {
        if (ok) {
          setFile(null);
          setDescription('');
          setFileInputKey((key) => key + 1);
        }
      });
  };

  return (
    <section aria-labelledby={headingId} className="order-panel order-actions">
      <h2 id={headingId}>{t.actionsHeading}</h2>
      {/* In the flow, never over another panel: a notice here, an error beside the form that was sent
          (at the top only when that form is no longer on show). */}
      <div className="order-actions__outcome">
        <div aria-live="polite">{actions.notice && actions.last !== 'note' ? <Alert tone="success">{actions.notice}</Alert> : null}</div>
        {actions.error && actions.last !== 'note' && !errorShownAt(actions.last) ? <Alert tone="error">{actions.error}</Alert> : null}
      </div>
      {nothing && !receipt ? <p>{t.noActions}</p> : null}
      {receipt ? (
        <section aria-labelledby={receiptHeadingId} className="order-action order-receipt">
          <h3 id={receiptHeadingId}>{t.cashReceiptHeading}</h3>
          <dl className="order-facts">
            <dt>{t.cashReceiptNumber}</dt>
            <dd>{receipt.receiptNumber}</dd>
            <dt>{t.cashTotal}</dt>
            <dd>{`${receipt.currency} ${receipt.total}`}</dd>
            <dt>{t.cashPaidAt}</dt>
            <dd>{hospitalDateTime(String(receipt.paidAt))}</dd>
            <dt>{t.cashCashier}</dt>
            <dd>{receipt.cashierName}</dd>
          </dl>
        </section>
      ) : null}
      {set.takeCash ? (
        <ActionForm heading={t.cashHeading} onSubmit={takeCash}>
          <p>
            {order.serviceRequestPaymentMethod === 'cash'
              ? t.cashIntro(owed, view.currency)
              : t.cashOtherMethod(t.paymentMethodName(order.serviceRequestPaymentMethod), owed, view.currency)}
          </p>
          <Button type="submit" busy={actions.busy === 'cash'}>
            {t.cashSubmit(owed, view.currency)}
          </Button>
          {errorFor('cash')}
        </ActionForm>
      ) : null}
      {set.moves.length > 0 ? (
        <div className="order-action" role="group" aria-label={t.moveHeading}>
          <h3>{t.moveHeading}</h3>
          <div className="button-row">
            {set.moves.map(({ to, block }) => (
              <Button
                key={to}
                busy={actions.busy === `move:${to}`}
                disabled={block !== null}
                aria-describedby={block ? moveBlockId(to) : undefined}
                onClick={() => move(to)}
              >
                {t.moveTo(t.statusName(to))}
              </Button>
            ))}
          </div>
          {set.moves.map(({ to, block }) =>
            block ? (
              <p key={to} id={moveBlockId(to)} className="order-action__blocked">
                {[t.moveBlocked(t.statusName(to), errorText(block.error)), firstStepText(block)].filter(Boolean).join(' ')}
              </p>
            ) : null,
          )}
          {errorFor('move')}
        </div>
      ) : null}
      {set.charge ? (
        <ActionForm heading={t.chargeHeading} onSubmit={setCharge}>
          <TextField label={t.chargeLabel(view.currency)} hint={t.chargeHint} value={amount} onChange={setAmount} inputMode="decimal" autoComplete="off" />
          <Button type="submit" busy={actions.busy === 'charge'}>
            {t.chargeSubmit}
          </Button>
          {errorFor('charge')}
        </ActionForm>
      ) : null}
      {set.estimatedTime ? (
        <ActionForm heading={t.estimatedHeading} onSubmit={setEstimated}>
          <div className="order-action__row">
            <TextField label={t.date} type="date" value={estimatedDay} onChange={setEstimatedDay} />
            <TextField label={t.time} type="time" value={estimatedClock} onChange={setEstimatedClock} />
          </div>
          <Button type="submit" busy={actions.busy === 'estimated'}>
            {t.estimatedSubmit}
          </Button>
          {errorFor('estimated')}
        </ActionForm>
      ) : null}
      {set.sampleCollection ? (
        <ActionForm heading={t.sampleHeading} onSubmit={schedule}>
          <TextField label={t.sampleCollector} value={collector} onChange={setCollector} maxLength={100} autoComplete="off" />
          <div className="order-action__row">
            <TextField label={t.date} type="date" value={sampleDay} onChange={setSampleDay} />
            <TextField label={t.time} type="time" value={sampleClock} onChange={setSampleClock} />
          </div>
          <Button type="submit" busy={actions.busy === 'sample'}>
            {t.sampleSubmit}
          </Button>
          {errorFor('sample')}
        </ActionForm>
      ) : null}
      {set.attach ? (
        <ActionForm heading={t.attachHeading} onSubmit={attach}>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={fileId}>
              {t.attachFile(uploadLimitText(ORDER_UPLOAD_MAX_BYTES))}
            </label>
            <input
              key={fileInputKey}
              id={fileId}
              type="file"
              accept="image/*,application/pdf"
              className="order-file-input"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <TextField
            label={t.attachDescription}
            hint={t.attachDescriptionHint}
            value={description}
            onChange={setDescription}
            maxLength={500}
          />
          <Button type="submit" busy={actions.busy === 'attach'}>
            {actions.busy === 'attach' ? t.uploading : t.attachSubmit}
          </Button>
          {errorFor('attach')}
        </ActionForm>
      ) : null}
      {set.cancel ? (
        <ActionForm heading={t.cancelHeading} onSubmit={() => (reason ? setConfirming('cancel') : actions.refuse(errorText(errorString('ARO-E6009')), 'cancel'))}>
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={reasonId}>
              {t.cancelReason}
            </label>
            <select id={reasonId} className="orders-select" value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">{t.chooseReason}</option>
              {t.cancelReasons.map((value) => (
                <option key={value} value={value}>
                  {t.cancelReasonName(value)}
                </option>
              ))}
            </select>
          </div>
          {confirming === 'cancel' ? (
            <Confirm
              heading={t.cancelConfirmHeading}
              text={t.cancelConfirmText(t.cancelReasonName(reason))}
              confirmLabel={t.cancelConfirm}
              cancelLabel={t.keep}
              busy={actions.busy === 'cancel'}
              onConfirm={() => void cancel()}
              onCancel={() => setConfirming(null)}
            />
          ) : (
            <Button type="submit" variant="danger">
              {t.cancelSubmit}
            </Button>
          )}
          {errorFor('cancel')}
        </ActionForm>
      ) : null}
      {set.replace ? (
        <ActionForm heading={t.replaceHeading} onSubmit={() => setConfirming('replace')}>
          <p>{t.replaceIntro}</p>
          <TextField label={t.replaceNote} value={replaceNote} onChange={setReplaceNote} maxLength={500} />
          {confirming === 'replace' ? (
            <Confirm
              heading={t.replaceConfirmHeading}
              text={t.replaceConfirmText}
              confirmLabel={t.replaceConfirm}
              cancelLabel={t.keep}
              busy={actions.busy === 'replace'}
              onConfirm={() => void replace()}
              onCancel={() => setConfirming(null)}
            />
          ) : (
            <Button type="submit" variant="secondary">
              {t.replaceSubmit}
            </Button>
          )}
          {errorFor('replace')}
        </ActionForm>
      ) : null}
    </section>
  );
}

/** An inline confirmation that takes the focus; Escape keeps things as they were. */
function Confirm({
  heading,
  text,
  confirmLabel,
  cancelLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  heading: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const textId = useId();
  return (
    <div
      role="alertdialog"
      aria-modal="false"
      aria-labelledby={headingId}
      aria-describedby={textId}
      className="order-confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          onCancel();
        }
      }}
    >
      <h4 id={headingId}>{heading}</h4>
      <p id={textId}>{text}</p>
      <div className="button-row">
        {/* The confirmation is what the member just asked for: it takes the focus. */}
        <Button variant="danger" busy={busy} onClick={onConfirm} autoFocus>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </div>
  );
}
