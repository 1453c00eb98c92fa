import { useEffect, useId, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { refundBlock, refundReasons } from '@careline/domain/consultations';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { errorText } from '../../../lib/graphql';
import { createRefundMutation } from '../api/history.ts';
import {
  refundBlockKeys,
  refundCategoryKeys,
  refundSubcategoryKeys,
  type RefundCategory,
  type RefundSubcategory,
} from '../utils/history-texts.ts';
import './history.css';

/** What the refund wizard reads of an appointment. */
export type RefundAppointment = {
  id: string;
  patientId: string;
  organizationId: string;
  paymentStatus: string;
  paymentRefundStatus: string | null;
  appointmentRescheduleStatus: string | null;
  /** Absent where the API does not give it yet: then only the other blocks apply. */
  practitionerPaymentStatus?: string | null;
};

export type RefundWizardProps = {
  appointment: RefundAppointment;
  /** 'requested' once the request is sent; 'closed' when the patient leaves without sending. */
  onDone: (outcome: 'requested' | 'closed') => void;
};

type Step =
  | { kind: 'category' }
  | { kind: 'subcategory'; category: RefundCategory }
  | { kind: 'confirm'; category: RefundCategory; subcategory: RefundSubcategory }
  | { kind: 'sending'; category: RefundCategory; subcategory: RefundSubcategory }
  | { kind: 'sent' }
  | { kind: 'failed'; category: RefundCategory; subcategory: RefundSubcategory; error: string };

const STEP_NUMBER = { category: 1, subcategory: 2, confirm: 3, sending: 3 } as const;

/**
 * The refund-reason wizard (spec doc 2 §4 Refund): blocked with 'You cannot request a refund
 * because, ...', the reason in the place of the '...'; else a category, then a subcategory, then a confirmation, and the
 * request is sent. A modal; focus moves to each step's heading so a screen reader reads the step.
 */
export function RefundWizard({ appointment, onDone }: RefundWizardProps) {
  const t = useConsultationsTranslate();
  const tx = useTranslateText();
  const [, createRefund] = useMutation(createRefundMutation);
  const [step, setStep] = useState<Step>({ kind: 'category' });
  const [notes, setNotes] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const notesId = useId();
  const [outcome, setOutcome] = useState<'requested' | 'closed'>('closed');

  // Once this wizard sends the request, the appointment's live update ('requested') is its own doing:
  // the wizard goes on to 'Refund requested' instead of turning into 'a refund is already requested'.
  const block =
    step.kind === 'sending' || step.kind === 'sent'
      ? null
      : refundBlock({
          paymentStatus: appointment.paymentStatus,
          practitionerPaymentStatus: appointment.practitionerPaymentStatus ?? null,
          paymentRefundStatus: appointment.paymentRefundStatus,
          appointmentRescheduleStatus: appointment.appointmentRescheduleStatus,
        });
  // A step that is not an in-flight send has its own heading; 'sending' keeps the confirm heading.
  const headingKey = block ? 'blocked' : step.kind === 'sending' ? 'confirm' : step.kind;

  useEffect(() => {
    // After the modal's own first focus (its effect runs after this child's), so queued.
    let cancelled = false;
    queueMicrotask(() => {
      if (!cancelled) {
        headingRef.current?.focus();
      }
    });
    return () => {
      cancelled = true;
    };
  }, [headingKey]);

  const close = () => onDone(outcome);

  const send = async (category: RefundCategory, subcategory: RefundSubcategory) => {
    setStep({ kind: 'sending', category, subcategory });
    const trimmed = notes.trim();
    const result = await createRefund({
      appointmentId: appointment.id,
      patientId: appointment.patientId,
      organizationId: appointment.organizationId,
      category,
      subcategory,
      notes: trimmed === '' ? null : trimmed,
    });
    if (result.error || !result.data) {
      setStep({ kind: 'failed', category, subcategory, error: errorText(result.error) });
      return;
    }
    setOutcome('requested');
    setStep({ kind: 'sent' });
  };

  const heading = (text: string) => (
    <h3 ref={headingRef} tabIndex={-1} className="refund-wizard__heading">
      {text}
    </h3>
  );

  const stepNumber = step.kind in STEP_NUMBER ? STEP_NUMBER[step.kind as keyof typeof STEP_NUMBER] : null;

  let body;
  if (block) {
    const reason =
      block === 'alreadyRequested'
        ? // spec doc 2 §4: refund statuses other than the named ones are shown as they are
          t(refundBlockKeys[block], { status: appointment.paymentRefundStatus ?? '' })
        : t(refundBlockKeys[block]);
    body = (
      <>
        <div className="refund-wizard__blocked" role="alert">
          {heading(t('refund.blocked', { reason }))}
        </div>
        <Button block onClick={close}>
          {t('refund.close')}
        </Button>
      </>
    );
  } else {
    switch (step.kind) {
      case 'category':
        body = (
          <>
            {heading(t('refund.categoryHeading'))}
            <ul className="refund-wizard__choices">
              {refundReasons.map((reason) => (
                <li key={reason.category}>
                  <Button variant="secondary" block onClick={() => setStep({ kind: 'subcategory', category: reason.category })}>
                    {t(refundCategoryKeys[reason.category])}
                  </Button>
                </li>
              ))}
            </ul>
            <Button variant="text" block onClick={close}>
              {t('refund.cancel')}
            </Button>
          </>
        );
        break;
      case 'subcategory': {
        const reason = refundReasons.find((item) => item.category === step.category);
        body = (
          <>
            {heading(t('refund.subcategoryHeading'))}
            <p className="refund-wizard__chosen">{t(refundCategoryKeys[step.category])}</p>
            <ul className="refund-wizard__choices">
              {(reason?.subcategories ?? []).map((subcategory: RefundSubcategory) => (
                <li key={subcategory}>
                  <Button
                    variant="secondary"
                    block
                    onClick={() => setStep({ kind: 'confirm', category: step.category, subcategory })}
                  >
                    {t(refundSubcategoryKeys[subcategory])}
                  </Button>
                </li>
              ))}
            </ul>
            <Button variant="text" block onClick={() => setStep({ kind: 'category' })}>
              {t('refund.back')}
            </Button>
          </>
        );
        break;
      }
      case 'confirm':
      case 'sending': {
        const sending = step.kind === 'sending';
        body = (
          <>
            {heading(t('refund.confirmHeading'))}
            <dl className="refund-wizard__summary">
              <dt>{t('refund.reason')}</dt>
              <dd>
                {t(refundCategoryKeys[step.category])}: {t(refundSubcategoryKeys[step.subcategory])}
              </dd>
            </dl>
            <label className="feedback-form__label" htmlFor={notesId}>
              {t('refund.notes')}
            </label>
            <textarea
              id={notesId}
              className="feedback-form__comment"
              rows={3}
              maxLength={1000}
              value={notes}
              disabled={sending}
              onChange={(event) => setNotes(event.target.value)}
            />
            <Button block loading={sending} onClick={() => void send(step.category, step.subcategory)}>
              {t('refund.send')}
            </Button>
            <Button
              variant="text"
              block
              disabled={sending}
              onClick={() => setStep({ kind: 'subcategory', category: step.category })}
            >
              {t('refund.back')}
            </Button>
          </>
        );
        break;
      }
      case 'sent':
        body = (
          <>
            {heading(t('refund.sentHeading'))}
            <p role="status">{t('refund.sent')}</p>
            <Button block onClick={close}>
              {t('refund.close')}
            </Button>
          </>
        );
        break;
      case 'failed':
        body = (
          <>
            {heading(t('refund.failedHeading'))}
            <p className="history-error" role="alert">
              {tx(step.error)}
            </p>
            <Button block onClick={() => setStep({ kind: 'confirm', category: step.category, subcategory: step.subcategory })}>
              {t('refund.tryAgain')}
            </Button>
            <Button variant="text" block onClick={close}>
              {t('refund.close')}
            </Button>
          </>
        );
        break;
    }
  }

  return (
    <Modal open title={t('refund.title')} onClose={close}>
      <div className="refund-wizard">
        {!block && stepNumber !== null ? <p className="refund-wizard__step">{t('refund.step', { step: stepNumber })}</p> : null}
        {body}
      </div>
    </Modal>
  );
}

