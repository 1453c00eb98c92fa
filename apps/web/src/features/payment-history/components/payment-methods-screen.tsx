import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation } from 'urql';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { deletePaymentMethodMutation, setDefaultPaymentMethodMutation } from '../api/payment-history.ts';
import { accountHolderName, savedCards, type SavedCardView } from '../utils/saved-cards.ts';
import './payment-history.css';

type LoadState = 'loading' | 'done' | 'failed';
type Notice = { kind: 'done' | 'error'; text: string } | null;

/**
 * Saved payment methods (/profiles/payment-methods; spec doc 2 §2, §3 Payment method, §8): the
 * account's cards (type, first 6 digits then masked, expiry, the default marked), set default, and
 * delete after a confirm. The list is loaded afresh on arrival (a card saved while paying must
 * show). A card is added by paying with 'Save this card' ticked, so 'Add card' explains that and
 * leads to the doctor search.
 */
export function PaymentMethodsScreen() {
  const t = useTranslate();
  const tx = useTranslateText();
  const session = useSession();
  const { refreshAccount } = session;
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [confirming, setConfirming] = useState<SavedCardView | null>(null);
  const [adding, setAdding] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [, deleteMethod] = useMutation(deletePaymentMethodMutation);
  const [, setDefaultMethod] = useMutation(setDefaultPaymentMethodMutation);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    setLoadState('loading');
    const account = await refreshAccount();
    setLoadState(account ? 'done' : 'failed');
  }, [refreshAccount]);

  useEffect(() => {
    void load();
  }, [load]);

  const cardName = (card: SavedCardView) =>
    [card.typeName ?? t('paymentMethods.card'), card.maskedNumber].filter(Boolean).join(' ');

  const act = async (card: SavedCardView, kind: 'delete' | 'default') => {
    setBusyId(card.id);
    setNotice(null);
    const result = kind === 'delete' ? await deleteMethod({ id: card.id }) : await setDefaultMethod({ id: card.id });
    setBusyId(null);
    if (result.error) {
      setNotice({ kind: 'error', text: tx(errorText(result.error)) });
      return;
    }
    setConfirming(null);
    setNotice({ kind: 'done', text: kind === 'delete' ? t('paymentMethods.deleted') : t('paymentMethods.defaultChanged') });
    await refreshAccount();
    if (kind === 'delete') {
      // The dialog gave the focus back to the deleted card's button, which is now gone: keep it on the screen.
      headingRef.current?.focus();
    }
  };

  const account = session.account;
  const failed = loadState === 'failed' || (loadState === 'done' && session.accountState === REQUEST_STATE.FAILED);
  let content;
  if (failed) {
    content = (
      <div className="payment-methods__state" role="alert">
        <p>{t('paymentMethods.loadFailed', { name: accountHolderName(account, session.mobileNo) })}</p>
        <Button onClick={() => void load()}>{t('paymentMethods.tryAgain')}</Button>
      </div>
    );
  } else if (loadState === 'loading' || !account) {
    content = (
      <div className="payment-methods__state" role="status" aria-busy="true">
        <p>{t('paymentMethods.loading')}</p>
      </div>
    );
  } else {
    const cards = savedCards(account);
    content =
      cards.length === 0 ? (
        <div className="payment-methods__state">
          <p className="payment-methods__empty">{t('paymentMethods.empty')}</p>
        </div>
      ) : (
        <ul className="payment-methods__list">
          {cards.map((card) => (
            <li key={card.id} className={`payment-method${card.isDefault ? ' payment-method--default' : ''}`}>
              <div className="payment-method__top">
                <p className="payment-method__name">{card.typeName ?? t('paymentMethods.card')}</p>
                {card.isDefault ? <span className="payment-method__default">{t('paymentMethods.default')}</span> : null}
              </div>
              <p className="payment-method__number">{card.maskedNumber ?? t('paymentHistory.notAvailable')}</p>
              <p className="payment-method__expiry">
                {t('paymentMethods.expires', { expiry: card.expiry ?? t('paymentHistory.notAvailable') })}
              </p>
              <div className="payment-method__actions">
                {card.isDefault ? null : (
                  <Button
                    variant="secondary"
                    loading={busyId === card.id && confirming === null}
                    disabled={busyId !== null}
                    aria-label={t('paymentMethods.setDefaultFor', { card: cardName(card) })}
                    onClick={() => void act(card, 'default')}
                  >
                    {t('paymentMethods.setDefault')}
                  </Button>
                )}
                <Button
                  variant="text"
                  disabled={busyId !== null}
                  aria-label={t('paymentMethods.deleteFor', { card: cardName(card) })}
                  onClick={() => {
                    setNotice(null);
                    setConfirming(card);
                  }}
                >
                  {t('paymentMethods.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      );
  }

  return (
    <div className="payment-methods">
      <header className="payment-methods__header">
        <Link className="payment-methods__back" to="/profiles">
          <span aria-hidden="true">‹ </span>
          {t('paymentMethods.back')}
        </Link>
        <h1 ref={headingRef} tabIndex={-1}>
          {t('paymentMethods.title')}
        </h1>
      </header>
      {notice && confirming === null ? (
        <p
          className={notice.kind === 'error' ? 'payment-methods__error' : 'payment-methods__status'}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          {notice.text}
        </p>
      ) : null}
      {content}
      <Button className="payment-methods__add" block onClick={() => setAdding(true)}>
        {t('paymentMethods.addCard')}
      </Button>

      <Modal open={confirming !== null} title={t('paymentMethods.deleteTitle')} onClose={() => setConfirming(null)}>
        {confirming ? (
          <>
            <p>{t('paymentMethods.deleteConfirm', { card: cardName(confirming) })}</p>
            {notice?.kind === 'error' ? (
              <p className="payment-methods__error" role="alert">
                {notice.text}
              </p>
            ) : null}
            <div className="payment-methods__confirm-actions">
              <Button variant="danger" block loading={busyId === confirming.id} onClick={() => void act(confirming, 'delete')}>
                {t('paymentMethods.deleteYes')}
              </Button>
              <Button variant="secondary" block onClick={() => setConfirming(null)}>
                {t('paymentMethods.cancel')}
              </Button>
            </div>
          </>
        ) : null}
      </Modal>

      <Modal open={adding} title={t('paymentMethods.addCardTitle')} onClose={() => setAdding(false)}>
        <p>{t('paymentMethods.addCardHint')}</p>
        <Link className="button button--primary button--block" to="/doctor">
          {t('paymentMethods.addCardGo')}
        </Link>
      </Modal>
    </div>
  );
}
