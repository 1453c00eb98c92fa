import { useEffect, useMemo, useReducer, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useMutation } from 'urql';
import {
  canEditProfile,
  createPatientArgs,
  isPatientFormValid,
  offeredRelationships,
  patientPatches,
  profileSaveBlock,
  profileTexts,
  toPatientEditForm,
  type ClientPatient,
} from '@careline/domain/profiles';
import { REQUEST_STATE } from '@careline/domain/shell';
import { errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import {
  createPatientMutation,
  patchPatientMutation,
} from '../api/profile-documents.ts';
import { backWithCreatedPatient, CHOOSE_CREATED_PARAM, safeBackPath } from '../utils/back-path.ts';
import {
  emptyProfileForm,
  initialProfileForm,
  profileFormErrors,
  profileFormReducer,
  visibleFormErrors,
  type ProfileFormValues,
} from '../utils/profile-form-state.ts';
import { keyForSubmit, type SubmitKey } from '../utils/submit-key.ts';
import { updateTargetIds } from '../utils/update-targets.ts';
import { profileCountTexts } from '../utils/profile-texts.ts';
import { PatientFormFields } from './patient-form-fields.tsx';
import './profiles.css';
import { useTranslate, useTranslateText } from '@careline/i18n/react';

/** After an update the app goes to /profiles?back=/chat-home (spec doc 1 §2 Add or Update Profile). */
const AFTER_UPDATE_PATH = '/profiles?back=/chat-home';

type ProfileFormProps = {
  patient: ClientPatient | null;
  presetRelationship: string;
  backPath: string | null;
  /**
   * Opened by the relationship modal (issue 29 §1.5): the back path gets the created profile's id, so
   * the booking (or order) it came from continues with that profile chosen.
   */
  chooseCreated?: boolean;
  /**
   * Set where the form is composed inline (the chat's registration step, issue 12 §2): called once a
   * new profile is created, instead of refreshing the account and leaving; the host reads the account.
   */
  onCreated?: () => void;
};

/** The Add or Update Profile form; the chat composes it inline for its registration step (app/chat-registration.tsx). */
export function ProfileForm({ patient, presetRelationship, backPath, chooseCreated = false, onCreated }: ProfileFormProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  const session = useSession();
  const tenant = useTenant();
  const navigate = useNavigate();
  const relationships = offeredRelationships(tenant.relationships, session.account?.patientList ?? [], patient);
  // A preset single role another person already holds is not offered, so it is not preset either.
  const preset = relationships.includes(presetRelationship) ? presetRelationship : '';
  const initialValues = useMemo<ProfileFormValues>(
    () => (patient ? toPatientEditForm(patient) : { ...emptyProfileForm, relationship: preset }),
    [patient, preset],
  );
  const [state, dispatch] = useReducer(profileFormReducer, initialValues, initialProfileForm);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [, createPatient] = useMutation(createPatientMutation);
  const [, patchPatient] = useMutation(patchPatientMutation);
  const formRef = useRef<HTMLFormElement>(null);
  // The key of the last create that did not succeed: pressing Save again with the same input
  // retries it, so the server creates the profile at most once (issue 6 §2).
  const pendingCreate = useRef<SubmitKey | null>(null);
  // Bumped by each submit that has errors; the effect then focuses the first field marked invalid.
  const [invalidSubmits, setInvalidSubmits] = useState(0);

  useEffect(() => {
    if (invalidSubmits > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [invalidSubmits]);

  const now = new Date();
  const errors = visibleFormErrors(state, now);
  const patches = patient ? patientPatches(patient, state.values) : [];
  // spec doc 1 §5: submit is disabled without a relationship and while the request is loading;
  // Update also stays disabled until something changed (one rule, the chat's form included).
  const saveBlock = profileSaveBlock({ relationship: state.values.relationship, saving, update: patient !== null, changed: patches.length > 0 });
  const submitDisabled = saveBlock !== null;
  // issue 6 §4.11: the disabled button stays focusable (aria-disabled) and says why it is disabled.
  const unchanged = saveBlock === 'unchanged';
  const disabledReasonId = saveBlock === 'relationship' ? 'profile-relationship-prompt' : unchanged ? 'profile-save-reason' : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    dispatch({ type: 'submitted' });
    if (submitDisabled) {
      return;
    }
    if (!isPatientFormValid(profileFormErrors(state.values, new Date()))) {
      setInvalidSubmits((count) => count + 1);
      return;
    }
    setSaving(true);
    setServerError(null);
    if (patient === null) {
      const hospitalId = session.account?.patientList[0]?.hospitalId ?? null;
      const args = { hospitalId, ...createPatientArgs(state.values) };
      const submit = keyForSubmit(pendingCreate.current, args, () => crypto.randomUUID());
      pendingCreate.current = submit;
      const result = await createPatient({ ...args, idempotencyKey: submit.key });
      if (result.error) {
        setServerError(errorText(result.error));
        setSaving(false);
        return;
      }
      pendingCreate.current = null;
      if (onCreated) {
        onCreated();
        return;
      }
      // The server answers with the created profile (read-your-writes): refresh once, move on at
      // once — no 2-second wait (the spec's wait, doc 1 §4 Profile creation, worked around an old server).
      await session.refreshAccount();
      // The id is the server's answer for this account's new profile, never one read from the address.
      const created = result.data?.createPatient.id;
      const back = backPath && chooseCreated && created ? backWithCreatedPatient(backPath, created) : backPath;
      await navigate(back ?? '/profiles', { replace: true });
      return;
    }
    const ids = session.account ? updateTargetIds(patient, session.account.patients) : [patient.id];
    for (const patientId of ids) {
      // spec doc 1 §7: one update call per profile that shares the relationship
      const result = await patchPatient({ patientId, patches });
      if (result.error) {
        setServerError(errorText(result.error));
        setSaving(false);
        await session.refreshAccount();
        return;
      }
    }
    await session.refreshAccount();
    await navigate(AFTER_UPDATE_PATH, { replace: true });
  }

  return (
    <form ref={formRef} className="profile-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <PatientFormFields
        idPrefix="profile"
        values={state.values}
        errors={errors}
        relationships={relationships}
        showAddress={patient !== null}
        disabled={saving}
        onChange={(field, value) => dispatch({ type: 'changed', field, value })}
      />
      <p className="profile-server-error" role="alert" aria-live="assertive">
        {serverError === null ? '' : tx(serverError)}
      </p>
      <button
        className="profile-button"
        type="submit"
        aria-disabled={submitDisabled}
        aria-describedby={disabledReasonId}
        aria-busy={saving}
      >
        {saving ? <span className="profile-spinner" aria-hidden="true" /> : null}
        {patient ? t('profiles.form.update') : t('profiles.form.save')}
      </button>
      {unchanged ? (
        <p id="profile-save-reason" className="profile-save-reason">
          {t('profiles.updateNeedsChange')}
        </p>
      ) : null}
    </form>
  );
}

/** Add or Update Profile (/profiles/registration and /profiles/registration/{id}; spec doc 1 §2, §5). */
export function ProfileFormScreen() {
  const t = useTranslate();
  const tx = useTranslateText();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const session = useSession();
  const tenant = useTenant();
  const backPath = safeBackPath(searchParams.get('back'));
  const presetRelationship = searchParams.get('relationship') ?? '';
  const chooseCreated = searchParams.get(CHOOSE_CREATED_PARAM) === '1';
  const patient = id ? (session.account?.patients[id] ?? null) : null;
  const loading = session.account === null && session.accountState === REQUEST_STATE.PENDING;
  // spec doc 1 §2: an account with zero patients lands here; the Profiles screen's empty text heads the form.
  const empty = !id && session.account !== null && session.account.patientList.length === 0 ? profileCountTexts(t, 0) : null;

  // issue 6 §4.9: where Edit Profile is hidden (feature off, or not this profile), its address is too.
  if (patient && !canEditProfile(patient, tenant.features.editProfile.enabled)) {
    return <Navigate to="/profiles" replace />;
  }
  if (id && !patient) {
    if (loading) {
      return (
        <div className="profiles-screen" aria-busy="true">
          <span className="profile-spinner" role="status" aria-label={t('profiles.loading')} />
        </div>
      );
    }
    return <Navigate to="/profiles" replace />;
  }

  return (
    <div className="profiles-screen">
      <header className="profiles-header">
        <Link className="profile-back" to={backPath ?? '/profiles'}>
          {tx(profileTexts.back)}
        </Link>
        <h1>{patient ? t('profiles.form.updateTitle') : t('profiles.form.addTitle')}</h1>
        {empty ? (
          <>
            <p className="profiles-empty-title">{empty.title}</p>
            <p className="profiles-subtitle">{empty.subtitle}</p>
          </>
        ) : null}
      </header>
      <ProfileForm
        key={patient?.id ?? 'new'}
        patient={patient}
        presetRelationship={presetRelationship}
        backPath={backPath}
        chooseCreated={chooseCreated}
      />
    </div>
  );
}
