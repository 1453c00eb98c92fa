import { staffCreateUserInput, type StaffRole } from '@careline/domain/staff';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { errorCodes } from '@careline/ui/graphql';
import { useRoleLabels } from '../../../app/messages.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  createStaffUserMutation,
  setStaffRolesMutation,
  staffUsersQuery,
  type ListedStaffUser,
} from '../api/staff-users-operations.ts';
import { useStaffUsersMessages } from '../messages.ts';
import { PractitionerPicker } from './practitioner-picker.tsx';
import { RoleCheckboxes } from './role-checkboxes.tsx';

const rolesHere = (user: ListedStaffUser, hospitalId: string): StaffRole[] =>
  user.memberships.filter((m) => m.organizationId === hospitalId).map((m) => m.role);

/**
 * The roles as the API takes them: a doctor names the practitioner the account is, no other role does.
 * @param roles - the ticked roles
 * @param practitionerId - the picked practitioner ('' for none)
 */
export function roleInputs(roles: readonly StaffRole[], practitionerId: string): { role: StaffRole; practitionerId: string | null }[] {
  return roles.map((role) => ({ role, practitionerId: role === 'doctor' && practitionerId ? practitionerId : null }));
}

/**
 * Whether a failed save was the server refusing the doctor's practitioner (one of another hospital:
 * the input was otherwise checked by the same zod schema the server applies, so ARO-E2002 is that).
 * @param error - the mutation's error
 * @param roles - the roles sent
 */
function refusedPractitioner(error: unknown, roles: readonly StaffRole[]): boolean {
  return roles.includes('doctor') && errorCodes(error).includes('ARO-E2002');
}

/**
 * Moves focus to the first invalid control of a form after a refused submit, so keyboard and screen
 * reader users land on the field whose error they need to read.
 * @param attempt - increases with every refused submit
 */
function useFocusFirstInvalid(attempt: number) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (attempt > 0) {
      formRef.current
        ?.querySelector<HTMLElement>('input[aria-invalid="true"], select[aria-invalid="true"], fieldset[aria-invalid="true"] input')
        ?.focus();
    }
  }, [attempt]);
  return formRef;
}

/**
 * Staff administration for an admin of the current hospital: the list, a new user (whose temporary
 * password is shown once) and each user's roles here.
 * @param props - the hospital being administered
 */
export function StaffUsersScreen({ hospital }: { hospital: Hospital }) {
  const t = useStaffUsersMessages();
  const roleLabels = useRoleLabels();
  const errorText = useErrorText();
  const [{ data, fetching, error }, reload] = useQuery({
    query: staffUsersQuery,
    variables: { organizationId: hospital.id },
  });
  const [created, setCreated] = useState<{ email: string; temporaryPassword: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {data ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{t.tableCaption(hospital.name)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.name}</th>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.roles}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">{t.actions}</th>
              </tr>
            </thead>
            <tbody>
              {data.staffUsers.map((user) => (
                <tr key={user.id}>
                  <th scope="row">{user.displayName}</th>
                  <td>{user.email}</td>
                  <td>
                    {editing === user.id ? (
                      <RolesEditor
                        hospital={hospital}
                        user={user}
                        onDone={(saved) => {
                          setEditing(null);
                          if (saved) {
                            setNotice(t.rolesSaved(user.displayName));
                            reload({ requestPolicy: 'network-only' });
                          }
                        }}
                      />
                    ) : (
                      rolesHere(user, hospital.id)
                        .map((role) => roleLabels[role])
                        .join(', ') || t.noRoles
                    )}
                  </td>
                  <td>{user.disabled ? t.disabled : user.mustChangePassword ? t.mustChangePassword : t.active}</td>
                  <td>
                    {editing === user.id ? null : (
                      <Button variant="secondary" aria-label={t.changeRolesOf(user.displayName)} onClick={() => setEditing(user.id)}>
                        {t.changeRoles}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <NewStaffUserForm
        hospital={hospital}
        onCreated={(result) => {
          setCreated(result);
          setNotice(null);
          reload({ requestPolicy: 'network-only' });
        }}
      />
      {created ? (
        <section className="created-user" aria-labelledby="created-user-heading">
          <h2 id="created-user-heading">{t.createdHeading(created.email)}</h2>
          <p>{t.temporaryPasswordIs}</p>
          <p>
            <code className="temporary-password" data-testid="temporary-password">
              {created.temporaryPassword}
            </code>
          </p>
          <p>{t.temporaryPasswordNote}</p>
        </section>
      ) : null}
    </>
  );
}

function RolesEditor({ hospital, user, onDone }: { hospital: Hospital; user: ListedStaffUser; onDone: (saved: boolean) => void }) {
  const t = useStaffUsersMessages();
  const errorText = useErrorText();
  const [roles, setRoles] = useState<StaffRole[]>(() => rolesHere(user, hospital.id));
  const [practitionerId, setPractitionerId] = useState<string>(
    () => user.memberships.find((m) => m.organizationId === hospital.id && m.role === 'doctor')?.practitionerId ?? '',
  );
  const [error, setError] = useState<string | null>(null);
  const [practitionerError, setPractitionerError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstInvalid(attempt);
  const [{ fetching }, save] = useMutation(setStaffRolesMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (roles.includes('doctor') && !practitionerId) {
      setPractitionerError(t.choosePractitioner);
      setAttempt((n) => n + 1);
      return;
    }
    setPractitionerError(null);
    const result = await save({
      organizationId: hospital.id,
      staffUserId: user.id,
      roles: roleInputs(roles, practitionerId),
    });
    if (result.error) {
      if (refusedPractitioner(result.error, roles)) {
        setPractitionerError(t.practitionerNotHere(hospital.name));
        setAttempt((n) => n + 1);
      } else {
        setError(errorText(result.error));
      }
      return;
    }
    onDone(true);
  };
  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="roles-editor">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <RoleCheckboxes legend={t.changeRolesOf(user.displayName)} value={roles} onChange={setRoles} />
      {roles.includes('doctor') ? (
        <PractitionerPicker
          hospital={hospital}
          value={practitionerId}
          onChange={(id) => {
            setPractitionerId(id);
            setPractitionerError(null);
          }}
          error={practitionerError}
        />
      ) : null}
      <div className="button-row">
        <Button type="submit" busy={fetching}>
          {t.saveRoles}
        </Button>
        <Button variant="text" onClick={() => onDone(false)}>
          {t.cancel}
        </Button>
      </div>
    </form>
  );
}

type FieldErrors = { email?: string; displayName?: string; roles?: string; practitioner?: string };

function NewStaffUserForm({
  hospital,
  onCreated,
}: {
  hospital: Hospital;
  onCreated: (created: { email: string; temporaryPassword: string }) => void;
}) {
  const t = useStaffUsersMessages();
  const errorText = useErrorText();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [practitionerId, setPractitionerId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useFocusFirstInvalid(attempt);
  const [{ fetching }, create] = useMutation(createStaffUserMutation);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The same zod schema the server's resolver applies (packages/domain); the server also requires a
    // doctor's practitioner, which the schema does not express, so the form checks it here.
    const parsed = staffCreateUserInput.safeParse({ email, displayName, roles: roleInputs(roles, practitionerId) });
    const next: FieldErrors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'email' || key === 'displayName' || key === 'roles') && !next[key]) {
          next[key] = t.fieldError[key];
        }
      }
    }
    if (roles.includes('doctor') && !practitionerId) {
      next.practitioner = t.choosePractitioner;
    }
    if (!parsed.success || next.practitioner) {
      setErrors(next);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setFailure(null);
    const result = await create({ organizationId: hospital.id, input: parsed.data });
    const data = result.data?.createStaffUser;
    if (!data) {
      if (refusedPractitioner(result.error, roles)) {
        setErrors({ practitioner: t.practitionerNotHere(hospital.name) });
        setAttempt((n) => n + 1);
      } else {
        setFailure(errorText(result.error));
      }
      return;
    }
    setEmail('');
    setDisplayName('');
    setRoles([]);
    setPractitionerId('');
    onCreated({ email: data.user.email, temporaryPassword: data.temporaryPassword });
  };

  return (
    <section className="new-user" aria-labelledby="new-user-heading">
      <h2 id="new-user-heading">{t.newUserHeading}</h2>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="narrow-form">
        <TextField label={t.displayName} value={displayName} onChange={setDisplayName} error={errors.displayName} autoComplete="off" />
        <TextField label={t.email} type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="off" />
        <RoleCheckboxes legend={t.rolesLegend(hospital.name)} value={roles} onChange={setRoles} error={errors.roles} />
        {roles.includes('doctor') ? (
          <PractitionerPicker
            hospital={hospital}
            value={practitionerId}
            onChange={(id) => {
              setPractitionerId(id);
              // The one error a choice answers goes as soon as it is made.
              setErrors(({ practitioner: _answered, ...rest }) => rest);
            }}
            error={errors.practitioner}
          />
        ) : null}
        <Button type="submit" busy={fetching}>
          {t.create}
        </Button>
      </form>
    </section>
  );
}
