import { useEffect, useLayoutEffect, useReducer, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from 'urql';
import {
  isSingleRole,
  patientPatches,
  profileTexts,
  relationshipOptions,
  toPatientEditForm,
  type ClientPatient,
} from '@careline/domain/profiles';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { Modal } from '../../../components/modal.tsx';
import { errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import { patchPatientMutation } from '../api/profile-documents.ts';
import { CHOOSE_CREATED_PARAM, CREATED_PATIENT_PARAM, withoutCreatedPatient } from '../utils/back-path.ts';
import {
  initialRelationshipFlow,
  relationshipFlowReducer,
  type RelationshipFlow,
  type RelationshipFlowAction,
} from '../utils/relationship-flow.ts';
import { ageText, genderText, relationshipText } from '@careline/domain/profiles/person-texts';
import {
  noProfileForTexts,
  relationshipLabelText,
  relationshipModalHeadingText,
  unclassifiedPromptText,
} from '../utils/profile-texts.ts';
import './profiles.css';

export type RelationshipModalProps = {
  open: boolean;
  /** Called with the chosen (or just classified) profile. */
  onSelect: (patient: ClientPatient) => void;
  onClose: () => void;
  /** Classify this unclassified profile ('Who is {patient} for you?') instead of choosing one. */
  classifyingId?: string | null;
  /** Shown at the top of the body, e.g. the booking's blinking 'Select the relationship' after 5 s. */
  notice?: ReactNode;
};

/**
 * The relationship-classification modal (spec doc 1 §2, §4): opens whenever an order, booking or chat
 * needs a profile and none has been chosen, and classifies unclassified profiles. 'Add new profile'
 * opens the registration form, which comes back here with the profile it created; that one is then
 * chosen (doc 1 §4 Profile creation: "return to the relationship modal"; issue 29 §1.5).
 */
export function RelationshipModal({ open, onSelect, onClose, classifyingId = null, notice = null }: RelationshipModalProps) {
  const t = useTranslate();
  const tx = useTranslateText();
  const session = useSession();
  const tenant = useTenant();
  const navigate = useNavigate();
  const location = useLocation();
  const [flow, dispatch] = useReducer(relationshipFlowReducer, initialRelationshipFlow);
  const [, patchPatient] = useMutation(patchPatientMutation);
  const bodyRef = useRef<HTMLDivElement>(null);
  const patients = session.account?.patientList ?? [];
  const byId = session.account?.patients ?? {};
  const classifying = classifyingId ? (byId[classifyingId] ?? null) : null;
  const createdId = new URLSearchParams(location.search).get(CREATED_PATIENT_PARAM);
  const handledCreatedId = useRef<string | null>(null);

  // Back from the registration form: the profile it created is chosen, before the dialog is painted,
  // and its id leaves the address (so the next opening asks again). Only this account's profiles are
  // looked up, so an id put on the address by hand chooses nothing.
  useLayoutEffect(() => {
    const account = session.account;
    if (!open || createdId === null || classifyingId !== null || account === null) {
      return;
    }
    if (handledCreatedId.current === createdId) {
      return;
    }
    handledCreatedId.current = createdId;
    void navigate(withoutCreatedPatient(location.pathname, location.search), { replace: true });
    const created = account.patients[createdId];
    if (created) {
      onSelect(created);
    }
  }, [open, createdId, classifyingId, session.account, navigate, location.pathname, location.search, onSelect]);

  useEffect(() => {
    if (open) {
      dispatch({ type: 'opened', classifyingId });
    }
  }, [open, classifyingId]);

  // Each step replaces the buttons: when the focused one goes, focus stays in the dialog.
  useEffect(() => {
    const body = bodyRef.current;
    const dialog = body?.closest<HTMLElement>('[role="dialog"]');
    if (!body || !dialog || dialog.contains(document.activeElement)) {
      return;
    }
    (body.querySelector<HTMLElement>('button:not([disabled])') ?? dialog).focus();
  }, [open, flow.state]);

  /** Runs an action through the flow, then does what the state it leads to needs. */
  function act(action: RelationshipFlowAction) {
    const next = relationshipFlowReducer(flow, action);
    dispatch(action);
    switch (next.state) {
      case 'PATIENT-UPDATE':
        void saveRelationship(next);
        return;
      case 'PATIENT-FOUND': {
        const only = next.patientIds.length === 1 ? byId[next.patientIds[0] ?? ''] : undefined;
        if (only) {
          onSelect(only);
        }
        return;
      }
      case 'PATIENT-REGISTRATION': {
        // The registration form takes over and comes back here afterwards.
        const query = new URLSearchParams({ back: withoutCreatedPatient(location.pathname, location.search) });
        if (next.relationship) {
          query.set('relationship', next.relationship);
        }
        // issue 29 §1.5: the form comes back with the new profile, for this modal to choose.
        query.set(CHOOSE_CREATED_PARAM, '1');
        void navigate(`/profiles/registration?${query.toString()}`);
        return;
      }
      case 'SHOW-RELATIONSHIP':
      case 'FOUND-UNCLASSIFIED-PATIENTS':
      case 'PATIENT-NOT-FOUND':
        return;
    }
  }

  /** PATIENT-UPDATE: saves the relationship, reloads the account; the profile is then found. */
  async function saveRelationship(next: RelationshipFlow) {
    const patientId = next.patientIds[0];
    const before = patientId ? byId[patientId] : undefined;
    if (!patientId || !before || next.relationship === null) {
      return;
    }
    const patches = patientPatches(before, { ...toPatientEditForm(before), relationship: next.relationship });
    const result = await patchPatient({ patientId, patches });
    if (result.error) {
      dispatch({ type: 'updateFailed', text: errorText(result.error) });
      return;
    }
    const account = await session.refreshAccount();
    dispatch({ type: 'updateSucceeded' });
    const updated = account?.patients[patientId];
    if (updated) {
      onSelect(updated);
    }
  }

  const heading = relationshipModalHeadingText(t, classifying?.displayName ?? null);
  const notFound = noProfileForTexts(t, flow.relationship, patients.length);
  const busy = flow.state === 'PATIENT-UPDATE';

  return (
    // The shared dialog: portal, focus moved in and trapped, Escape and backdrop close, focus returns.
    // Its own close button is hidden: Back (and Escape) is the way out, as before.
    <Modal open={open} title={heading} onClose={onClose} closeLabel={null}>
      <div ref={bodyRef} className="relationship-modal-body" aria-busy={busy}>
        {notice}
        <p className="profile-server-error" role="alert">
          {flow.error === null ? '' : tx(flow.error)}
        </p>

        {flow.state === 'SHOW-RELATIONSHIP' ? (
          <ul className="relationship-options">
            {relationshipOptions(patients, tenant.relationships)
              // Classifying a profile: a single role another person holds is not offered (issue 6 §4.1).
              .filter((option) => classifying === null || !isSingleRole(option.relationship) || option.patientIds.length === 0)
              .map((option) => (
              <li key={option.relationship}>
                <button
                  type="button"
                  className="relationship-option"
                  onClick={() => act({ type: 'relationshipChosen', relationship: option.relationship, patients })}
                >
                  <span className="relationship-option-name">{relationshipText(t, option.relationship)}</span>
                  {option.patientNames.length > 0 ? (
                    <span className="relationship-option-patients">{option.patientNames.join(', ')}</span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        {flow.state === 'FOUND-UNCLASSIFIED-PATIENTS' ? (
          <>
            <p>{unclassifiedPromptText(t, flow.patientIds.length, flow.relationship)}</p>
            <ul className="relationship-options">
              {flow.patientIds.map((patientId) => {
                const patient = byId[patientId];
                return patient ? (
                  <li key={patientId}>
                    <button type="button" className="relationship-option" onClick={() => act({ type: 'unclassifiedChosen', patientId })}>
                      <span className="relationship-option-name">{patient.displayName}</span>
                      <span className="relationship-option-patients">
                        {[genderText(t, patient.gender), ageText(t, patient.age)].filter(Boolean).join(', ')}
                      </span>
                    </button>
                  </li>
                ) : null;
              })}
            </ul>
          </>
        ) : null}

        {/* Always there, so the text is announced when a relationship without a profile is chosen. */}
        <div className="relationship-not-found" role="status">
          {flow.state === 'PATIENT-NOT-FOUND' ? (
            // issue 29 §1.5: 'You have not added a profile for your Mother yet.'; with no profile at
            // all, spec doc 1 §2's 'No profiles found / Add your profile to continue'.
            <>
              <p className="relationship-not-found-title">{notFound.title}</p>
              {notFound.subtitle ? <p className="profiles-subtitle">{notFound.subtitle}</p> : null}
            </>
          ) : null}
        </div>

        {flow.state === 'PATIENT-FOUND' && flow.patientIds.length > 1 ? (
          <ul className="relationship-options">
            {flow.patientIds.map((patientId) => {
              const patient = byId[patientId];
              return patient ? (
                <li key={patientId}>
                  <button type="button" className="relationship-option" onClick={() => onSelect(patient)}>
                    <span className="relationship-option-name">{relationshipLabelText(t, patient.relationship, patient.givenName)}</span>
                    <span className="relationship-option-patients">{patient.displayName}</span>
                  </button>
                </li>
              ) : null;
            })}
          </ul>
        ) : null}

        {busy ? <span className="profile-spinner" role="status" aria-label={t('profiles.saving')} /> : null}

        <div className="relationship-actions">
          <button
            type="button"
            className="profile-link-button"
            disabled={busy}
            onClick={() => (flow.state === 'SHOW-RELATIONSHIP' ? onClose() : act({ type: 'back' }))}
          >
            {tx(profileTexts.back)}
          </button>
          {classifying === null ? (
            <button type="button" className="profile-button" disabled={busy} onClick={() => act({ type: 'registrationChosen' })}>
              {tx(profileTexts.addNewProfile)}
            </button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
