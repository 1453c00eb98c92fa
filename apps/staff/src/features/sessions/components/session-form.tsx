import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useClient, useQuery } from 'urql';
import { Alert, Button, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  sessionPractitionersQuery,
  staffChargingSchemesQuery,
  staffCreateSessionMutation,
  type ChargingScheme,
  staffUpdateSessionMutation,
  type ListedSession,
  type SessionInput,
} from '../api/sessions-operations.ts';
import { useSessionsMessages } from '../messages.ts';
import { hospitalClock, hospitalDayOf, hospitalInstant } from '../../../lib/hospital-time.ts';

type Mode = 'in_person' | 'remote_presence_video_call';

/**
 * The charging schemes a session of a doctor may carry: the hospital's schemes for any doctor and
 * those for this doctor, plus the one the session already has (so an edit never drops it unseen).
 * @param schemes - the hospital's active schemes, by name
 * @param practitionerId - the chosen doctor ('' for none yet)
 * @param current - the scheme the session has now, if any
 */
export function chargingSchemeChoices(schemes: readonly ChargingScheme[], practitionerId: string, current: string | null): ChargingScheme[] {
  return schemes.filter((s) => s.practitionerId === null || s.practitionerId === practitionerId || s.id === current);
}

/**
 * A scheme's total as the picker shows it: two decimals with thousands separators (3,250.50).
 * @param total - the sum of its fee lines
 */
export function chargingSchemeTotal(total: number): string {
  return total.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/**
 * The form that creates a session on a day, or edits one: doctor, specialty, charging scheme (none
 * by default), room, date, start and end, number of appointments, in person or video call. Local checks first; the server's refusals
 * (ARO-E40xx) are shown as they come.
 * @param props - the hospital, the session being edited (null for a new one), the day, and what to do after
 */
export function SessionForm({
  hospital,
  editing,
  day,
  onSaved,
  onClose,
}: {
  hospital: Hospital;
  editing: ListedSession | null;
  day: string;
  onSaved: () => void;
  onClose: () => void;
}) {
  const t = useSessionsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [{ data: practitioners }] = useQuery({ query: sessionPractitionersQuery });
  const [{ data: schemes }] = useQuery({ query: staffChargingSchemesQuery, variables: { organizationId: hospital.id } });
  const [schemeId, setSchemeId] = useState(editing?.chargingSchemeId ?? '');
  const [practitionerId, setPractitionerId] = useState(editing?.practitionerId ?? '');
  const [roleCode, setRoleCode] = useState(editing?.practitionerRoleCode ?? '');
  const [room, setRoom] = useState(editing?.locationName ?? '');
  const [date, setDate] = useState(editing ? hospitalDayOf(new Date(String(editing.startTime))) : day);
  const [start, setStart] = useState(editing ? hospitalClock(String(editing.startTime)) : '');
  const [end, setEnd] = useState(editing ? hospitalClock(String(editing.endTime)) : '');
  const [capacity, setCapacity] = useState(editing ? String(editing.appointmentMaxAllowed) : '');
  const [mode, setMode] = useState<Mode>((editing?.participationMode as Mode | undefined) ?? 'in_person');
  const [errors, setErrors] = useState<{ doctor?: string; time?: string; capacity?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const doctorId = useId();
  const roleId = useId();
  const schemeFieldId = useId();

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const chosen = practitioners?.queryPractitioner.find((p) => p.id === practitionerId) ?? null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const startTime = hospitalInstant(date, start);
    const endTime = hospitalInstant(date, end);
    const max = Number(capacity.trim());
    const problems = {
      doctor: practitionerId === '' ? t.chooseDoctor : undefined,
      time: startTime === null || endTime === null ? t.enterDateTime : undefined,
      capacity: /^-?\d+$/.test(capacity.trim()) && (max >= 1 || max === -1) ? undefined : t.enterCapacity,
    };
    setErrors(problems);
    if (problems.doctor || problems.time || problems.capacity || !startTime || !endTime) {
      return;
    }
    const input: SessionInput = {
      practitionerId,
      practitionerRoleCode: roleCode === '' ? null : roleCode,
      locationName: room.trim() === '' ? null : room.trim(),
      startTime: startTime.toISOString(),
      endTime: endTime.toISOString(),
      appointmentMaxAllowed: max,
      participationMode: mode,
      chargingSchemeId: schemeId === '' ? null : schemeId,
    };
    setBusy(true);
    const result = editing
      ? await client.mutation(staffUpdateSessionMutation, { organizationId: hospital.id, sessionId: editing.id, input }).toPromise()
      : await client.mutation(staffCreateSessionMutation, { organizationId: hospital.id, input }).toPromise();
    setBusy(false);
    if (result.error || !result.data) {
      setServerError(errorText(result.error));
      return;
    }
    setServerError(null);
    onSaved();
  };

  return (
    <section className="session-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {editing ? t.editHeading : t.newHeading}
      </h2>
      {serverError ? <Alert tone="error">{serverError}</Alert> : null}
      <form className="narrow-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="ui-field">
          <label htmlFor={doctorId} className="ui-field__label">
            {t.doctor}
          </label>
          <select
            id={doctorId}
            className="ui-field__input"
            value={practitionerId}
            onChange={(event) => {
              const picked = practitioners?.queryPractitioner.find((p) => p.id === event.target.value);
              setPractitionerId(event.target.value);
              setRoleCode(picked?.roles[0]?.code ?? '');
              // Another doctor's own scheme does not follow to this doctor.
              setSchemeId((current) => {
                const scheme = schemes?.staffChargingSchemes.find((s) => s.id === current);
                return scheme && scheme.practitionerId !== null && scheme.practitionerId !== event.target.value ? '' : current;
              });
              setErrors((e) => ({ ...e, doctor: undefined }));
            }}
            aria-invalid={errors.doctor ? true : undefined}
            aria-describedby={errors.doctor ? `${doctorId}-error` : undefined}
          >
            <option value="">{t.chooseDoctor}</option>
            {(practitioners?.queryPractitioner ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name.text}
              </option>
            ))}
          </select>
          {errors.doctor ? (
            <p id={`${doctorId}-error`} className="ui-field__error">
              {errors.doctor}
            </p>
          ) : null}
        </div>
        <div className="ui-field">
          <label htmlFor={roleId} className="ui-field__label">
            {t.specialty}
          </label>
          <select id={roleId} className="ui-field__input" value={roleCode} onChange={(event) => setRoleCode(event.target.value)}>
            {(chosen?.roles ?? []).map((role) => (
              <option key={role.code} value={role.code}>
                {role.display}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field">
          <label htmlFor={schemeFieldId} className="ui-field__label">
            {t.chargingScheme}
          </label>
          <select id={schemeFieldId} className="ui-field__input" value={schemeId} onChange={(event) => setSchemeId(event.target.value)}>
            <option value="">{t.noChargingScheme}</option>
            {chargingSchemeChoices(schemes?.staffChargingSchemes ?? [], practitionerId, editing?.chargingSchemeId ?? null).map((s) => (
              <option key={s.id} value={s.id}>
                {t.chargingSchemeOption(s.name, s.currency, chargingSchemeTotal(s.total))}
              </option>
            ))}
          </select>
        </div>
        <TextField label={t.room} value={room} onChange={setRoom} maxLength={100} autoComplete="off" />
        <TextField label={t.date} type="date" value={date} onChange={setDate} error={errors.time} />
        <TextField label={t.startTime} type="time" value={start} onChange={setStart} />
        <TextField label={t.endTime} type="time" value={end} onChange={setEnd} />
        <TextField
          label={t.capacity}
          hint={t.capacityHint}
          inputMode="numeric"
          value={capacity}
          onChange={setCapacity}
          error={errors.capacity}
        />
        <fieldset className="role-checkboxes">
          <legend>{t.mode}</legend>
          {(
            [
              ['in_person', t.inPerson],
              ['remote_presence_video_call', t.videoCall],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="role-checkboxes__item">
              <input type="radio" name="participationMode" value={value} checked={mode === value} onChange={() => setMode(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        <div className="button-row">
          <Button type="submit" busy={busy}>
            {editing ? t.save : t.create}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t.close}
          </Button>
        </div>
      </form>
    </section>
  );
}
