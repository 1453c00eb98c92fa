import { useEffect, useId, useRef, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { hospitalClock, hospitalDayOf } from '../../../lib/hospital-time.ts';
import {
  staffConfirmSessionTokensMutation,
  staffSessionsAwaitingTokenCheckQuery,
  type SessionAwaitingTokenCheck,
} from '../api/sessions-operations.ts';
import { useSessionsMessages } from '../messages.ts';

const when = (instant: string): string => `${hospitalDayOf(new Date(instant))} ${hospitalClock(instant)}`;

/**
 * The highest token entered for a session, or null when it is not a whole number at least the tokens
 * the system holds (the server refuses those too, ARO-E4021).
 * @param entered - what staff typed
 * @param issuedTokens - the session's tokens in the restored data
 */
export function enteredHighestToken(entered: string, issuedTokens: number): number | null {
  const text = entered.trim();
  if (!/^\d{1,6}$/.test(text)) {
    return null;
  }
  const value = Number(text);
  return value >= issuedTokens ? value : null;
}

/**
 * After a restore from a backup (issue 31 §4.13): the hospital's sessions that take no bookings until
 * the highest token already given in each is entered (from the desk's list and the messages sent to
 * patients). Shown to everyone who lists sessions; receptionists and admins enter the numbers, one
 * session at a time or all at once after a confirmation. Nothing shows when no session is paused.
 * @param props - the hospital, whether the member may confirm, and what to do after a confirmation
 */
export function TokenCheckPanel({
  hospital,
  mayConfirm,
  onConfirmed,
}: {
  hospital: Hospital;
  mayConfirm: boolean;
  onConfirmed: (notice: string) => void;
}) {
  const t = useSessionsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const confirmHeadingId = useId();
  const confirmTextId = useId();
  const confirmRef = useRef<HTMLElement>(null);
  const [{ data }, reload] = useQuery({
    query: staffSessionsAwaitingTokenCheckQuery,
    variables: { organizationId: hospital.id },
    requestPolicy: 'cache-and-network',
  });
  const [entered, setEntered] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<ReadonlySet<string>>(new Set());
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmingAll, setConfirmingAll] = useState(false);

  useEffect(() => {
    if (confirmingAll) {
      confirmRef.current?.querySelector('button')?.focus();
    }
  }, [confirmingAll]);

  const sessions = data?.staffSessionsAwaitingTokenCheck ?? [];
  if (sessions.length === 0) {
    return null;
  }
  const valueOf = (session: SessionAwaitingTokenCheck): string => entered[session.id] ?? String(session.issuedTokens);
  const dataAsOf = sessions[0]?.tokenCheck?.dataAsOf;

  const confirm = async (chosen: SessionAwaitingTokenCheck[]) => {
    const numbers = chosen.map((session) => ({ session, highest: enteredHighestToken(valueOf(session), session.issuedTokens) }));
    const wrong = new Set(numbers.filter((n) => n.highest === null).map((n) => n.session.id));
    setInvalid(wrong);
    setConfirmingAll(false);
    if (wrong.size > 0) {
      return;
    }
    setBusy(true);
    const result = await client
      .mutation(staffConfirmSessionTokensMutation, {
        organizationId: hospital.id,
        confirmations: numbers.map((n) => ({ sessionId: n.session.id, highestTokenGiven: n.highest ?? 0 })),
      })
      .toPromise();
    setBusy(false);
    if (result.error || !result.data) {
      setActionError(errorText(result.error));
      return;
    }
    setActionError(null);
    const [only] = numbers;
    onConfirmed(
      numbers.length === 1 && only
        ? t.tokenCheck.confirmed(only.session.practitionerName, when(String(only.session.startTime)), (only.highest ?? 0) + 1)
        : t.tokenCheck.confirmedAll(numbers.length),
    );
    reload({ requestPolicy: 'network-only' });
  };

  return (
    <section aria-labelledby={headingId} className="token-check">
      <h2 id={headingId}>{t.tokenCheck.heading}</h2>
      <p>{t.tokenCheck.intro(dataAsOf ? when(String(dataAsOf)) : null)}</p>
      {mayConfirm ? null : <p>{t.tokenCheck.askStaff}</p>}
      {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      {confirmingAll ? (
        <section ref={confirmRef} role="alertdialog" aria-labelledby={confirmHeadingId} aria-describedby={confirmTextId} className="confirm-panel">
          <h3 id={confirmHeadingId}>{t.tokenCheck.confirmAllHeading}</h3>
          <p id={confirmTextId}>{t.tokenCheck.confirmAllText(sessions.length)}</p>
          <div className="button-row">
            <Button busy={busy} onClick={() => void confirm(sessions)}>
              {t.tokenCheck.confirmAllYes}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmingAll(false)}>
              {t.tokenCheck.goBack}
            </Button>
          </div>
        </section>
      ) : null}
      <div className="table-scroll">
        <table className="data-table">
          <caption>{t.tokenCheck.caption(hospital.name)}</caption>
          <thead>
            <tr>
              <th scope="col">{t.tokenCheck.when}</th>
              <th scope="col">{t.doctor}</th>
              <th scope="col">{t.tokenCheck.inSystem}</th>
              {mayConfirm ? (
                <>
                  <th scope="col">{t.tokenCheck.highest}</th>
                  <th scope="col">{t.actions}</th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {sessions.map((session) => {
              const time = when(String(session.startTime));
              const inputId = `token-check-${session.id}`;
              const wrong = invalid.has(session.id);
              return (
                <tr key={session.id}>
                  <td>{time}</td>
                  <th scope="row">{session.practitionerName}</th>
                  <td>{session.issuedTokens}</td>
                  {mayConfirm ? (
                    <>
                      <td>
                        <input
                          id={inputId}
                          className="ui-field__input token-check__input"
                          inputMode="numeric"
                          aria-label={t.tokenCheck.highestOf(session.practitionerName, time)}
                          aria-invalid={wrong ? true : undefined}
                          aria-describedby={wrong ? `${inputId}-error` : undefined}
                          value={valueOf(session)}
                          onChange={(event) => setEntered((now) => ({ ...now, [session.id]: event.target.value }))}
                        />
                        {wrong ? (
                          <p id={`${inputId}-error`} className="ui-field__error">
                            {t.tokenCheck.enterNumber(session.issuedTokens)}
                          </p>
                        ) : null}
                      </td>
                      <td>
                        <Button
                          variant="secondary"
                          busy={busy}
                          aria-label={t.tokenCheck.confirmOf(session.practitionerName, time)}
                          onClick={() => void confirm([session])}
                        >
                          {t.tokenCheck.confirm}
                        </Button>
                      </td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {mayConfirm && sessions.length > 1 ? (
        <div className="button-row">
          <Button onClick={() => setConfirmingAll(true)} aria-expanded={confirmingAll}>
            {t.tokenCheck.confirmAll(sessions.length)}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
