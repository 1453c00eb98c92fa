import { useEffect, useMemo, useRef, useState, type ChangeEvent, type ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useClient, useMutation, useQuery } from 'urql';
import { parseErrorString } from '@careline/domain/error-wire';
import {
  DEFAULT_INITIATED_FOR,
  ORDER_MAX_DOCUMENTS,
  ORDER_NOTE_MAX,
  ORDER_UPLOAD_ACCEPT,
  ORDER_UPLOAD_STATE,
  isOrderCategoryEnabled,
  needsProfileChoice,
  orderFormCategory,
  orderSubmitBlock,
  orderViewRoute,
  sampleCollectionDateChoices,
  uploadLimitText,
  type InitiatedFor,
  type OrderFormCategory,
  type OrderAddress,
} from '@careline/domain/orders';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import type { ClientPatient } from '@careline/domain/profiles';
import { englishErrorString } from '@careline/i18n/errors';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { useLingui, useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { TextInput } from '../../../components/text-input.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import type { OrderRelationshipPickerProps } from '../order-slots.ts';
import type { OrderViewNavigationState } from '../view/order-view-screen.tsx';
import { createOrderMutation, orderHospitalsQuery } from './order-create-documents.ts';
import { EMPTY_ADDRESS, createOrderPayload, profileAddress, submitKeyFor } from './order-create-payload.ts';
import { defaultDraftStore, draftKey, resumedDraft, type DraftStore, type StoredOrderDraft } from './order-draft-store.ts';
import { OrderUploadList } from './order-upload-list.tsx';
import { orderUploadState, uploadFailureTexts, uploadedDocumentIds } from '../shared/upload-queue.ts';
import { useOrderUploads, type OrderUploadDeps } from '../shared/use-order-uploads.ts';
import { useOrderUploadDeps } from './use-order-upload-deps.ts';
import { formatDay } from '@careline/domain/time';
import './order-create.css';

/** Stand-ins for tests: the upload steps and the draft store. */
export type OrderCreateServices = { uploads?: Partial<OrderUploadDeps>; draftStore?: DraftStore; now?: () => Date };

type OrderCreateScreenProps = {
  RelationshipPicker?: ComponentType<OrderRelationshipPickerProps>;
  services?: OrderCreateServices;
};

/**
 * /order/create/{Medication|Examination|Procedure} (spec doc 3 §2 Order creation screen, §4 Creation
 * flow, §5): prescription photos or PDFs uploaded as they are picked (compressed on the phone, with
 * progress and retries), the hospital, the profile ('Select the profile to order'), home or hospital
 * with the homecare address block, a lab test's sample collection date, and Send request. Everything
 * picked is kept on the phone until the order is sent. /order/create/Finance is the admission request
 * (issue 30 §2.4, offered when encounterOrder is on): documents if any, the hospital, the profile and
 * notes; no address, no date.
 */
export function OrderCreateScreen({ RelationshipPicker, services }: OrderCreateScreenProps) {
  const { category: segment = '' } = useParams();
  const tenant = useTenant();
  const t = useOrdersTranslate();
  const category = orderFormCategory(segment);
  if (!category || !isOrderCategoryEnabled(tenant.features, category)) {
    return (
      <section className="screen order-create" aria-labelledby="order-create-title">
        <h1 id="order-create-title" tabIndex={-1}>
          {category ? t(`orders.create.title.${category}`) : t('orders.create.title.Medication')}
        </h1>
        <p role="alert">{t('orders.create.notOffered')}</p>
        <Link className="button button--primary" to="/">
          {t('orders.create.goHome')}
        </Link>
      </section>
    );
  }
  return <OrderCreateForm key={category} category={category} RelationshipPicker={RelationshipPicker} services={services} />;
}

type Choices = {
  organizationId: string | null;
  patientId: string | null;
  initiatedFor: InitiatedFor;
  address: OrderAddress;
  addressEdited: boolean;
  sampleDate: string | null;
  submit: StoredOrderDraft['submit'];
};

const newKey = (): string => crypto.randomUUID();

function OrderCreateForm({
  category,
  RelationshipPicker,
  services,
}: {
  category: OrderFormCategory;
  RelationshipPicker?: ComponentType<OrderRelationshipPickerProps>;
  services?: OrderCreateServices;
}) {
  const t = useOrdersTranslate();
  const tx = useTranslateText();
  const { i18n } = useLingui();
  const session = useSession();
  const tenant = useTenant();
  const toast = useToast();
  const navigate = useNavigate();
  const client = useClient();
  const [hospitals, reloadHospitals] = useQuery({ query: orderHospitalsQuery });
  const [creation, createOrder] = useMutation(createOrderMutation);
  const store = useMemo(() => services?.draftStore ?? defaultDraftStore(), [services?.draftStore]);
  const accountId = session.userProfileId ?? session.account?.id ?? 'signed-out';
  const key = draftKey(accountId, category);

  const [choices, setChoices] = useState<Choices>({
    organizationId: tenant.defaultOrganizationByOrderType[category] ?? null,
    patientId: null,
    initiatedFor: DEFAULT_INITIATED_FOR,
    address: EMPTY_ADDRESS,
    addressEdited: false,
    sampleDate: null,
    submit: null,
  });
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [submitAfterPick, setSubmitAfterPick] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [leftOut, setLeftOut] = useState(0);
  const [note, setNote] = useState('');
  const admission = category === 'Finance';
  const sent = useRef(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);

  const deps = useOrderUploadDeps(client, services?.uploads);
  const uploads = useOrderUploads({ token: session.accessToken, patientId: choices.patientId, deps });
  const { restore } = uploads;

  // The draft kept on the phone: read once, then written whenever a choice or a file's state changes.
  useEffect(() => {
    let live = true;
    void store
      .load(key)
      .catch(() => null)
      .then((draft) => {
        if (!live) {
          return;
        }
        if (draft) {
          const resumed = resumedDraft(draft);
          setChoices({
            organizationId: resumed.organizationId,
            patientId: resumed.patientId,
            initiatedFor: resumed.initiatedFor,
            address: resumed.address,
            addressEdited: resumed.addressEdited,
            sampleDate: resumed.sampleDate,
            submit: resumed.submit,
          });
          restore(resumed.files);
          setRestored(resumed.files.length > 0);
        }
        setLoaded(true);
      });
    return () => {
      live = false;
    };
  }, [store, key, restore]);

  const itemsRef = useRef(uploads.items);
  itemsRef.current = uploads.items;
  const fileSignature = uploads.items
    .map((item) => [item.id, item.status, item.blobId, item.documentId, item.attempts, item.prepared ? 1 : 0].join(':'))
    .join('|');
  useEffect(() => {
    if (!loaded || sent.current) {
      return;
    }
    const draft: StoredOrderDraft = { version: 1, ...choices, files: itemsRef.current, savedAt: Date.now() };
    // A phone that cannot store the draft still sends the order; nothing to tell the patient here.
    store.save(key, draft).catch(() => undefined);
  }, [loaded, store, key, choices, fileSignature]);

  const patients = session.account?.patients ?? {};
  const patient: ClientPatient | null = choices.patientId ? (patients[choices.patientId] ?? null) : null;
  const documentIds = uploadedDocumentIds(uploads.items);
  const uploadState = orderUploadState(uploads.items);
  const block = orderSubmitBlock({
    category,
    uploading: uploadState === ORDER_UPLOAD_STATE.UPLOADING,
    documentCount: documentIds.length,
    initiatedFor: choices.initiatedFor,
    address: choices.address,
    organizationId: choices.organizationId,
    patientId: choices.patientId,
  });
  const failures = uploadFailureTexts(uploads.items);
  const failureKeys: Record<string, 'orders.create.text.imagesUploadFailed' | 'orders.create.text.documentsUploadFailed'> = {
    'Failed to upload some images, please retry!': 'orders.create.text.imagesUploadFailed',
    'Failed to upload some documents, please retry!': 'orders.create.text.documentsUploadFailed',
  };
  const organizations = hospitals.data?.queryOrganization ?? [];
  const now = services?.now?.() ?? new Date();
  const dateChoices = category === 'Examination' ? sampleCollectionDateChoices(now, DEFAULT_TIME_ZONE) : [];
  const dateLabel = (date: string, index: number): string => {
    if (index === 0) {
      return t('orders.create.sampleDate.today');
    }
    if (index === 1) {
      return t('orders.create.sampleDate.tomorrow');
    }
    return formatDay(date, 'dateChoice', i18n.locale) ?? date;
  };

  const choose = (change: Partial<Choices>) => setChoices((previous) => ({ ...previous, ...change }));

  const onPicked = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file can be picked again after a removal.
    event.target.value = '';
    setLeftOut(await uploads.add(files));
  };

  const send = async (chosen: ClientPatient, address: OrderAddress) => {
    if (block || !choices.organizationId) {
      return;
    }
    setSubmitError(null);
    const payload = createOrderPayload(
      {
        category,
        patient: chosen,
        organizationId: choices.organizationId,
        initiatedFor: choices.initiatedFor,
        address,
        documentReferenceIds: documentIds,
        sampleDate: choices.sampleDate,
        note,
      },
      DEFAULT_TIME_ZONE,
    );
    const submit = submitKeyFor(choices.submit, payload, newKey);
    // Kept with the draft first: a reload during the call sends the same key again.
    choose({ submit });
    const result = await createOrder({ input: payload, idempotencyKey: submit.key });
    const order = result.data?.createServiceRequest;
    if (!order) {
      setSubmitError(tx(errorText(result.error)));
      return;
    }
    sent.current = true;
    await store.clear(key).catch(() => undefined);
    toast.show(t('orders.create.text.requestSent'), 'success');
    // The view opens the relationship prompt 5000 ms after creation when the profile has none (spec doc 3 §2).
    const state: OrderViewNavigationState = { orderCreated: true };
    void navigate(orderViewRoute(order.id), { state });
  };

  const onSubmit = () => {
    if (needsProfileChoice(choices) || !patient) {
      // spec doc 3 §2, §5: a patient must be chosen before ordering; the modal opens, then the order goes.
      setSubmitAfterPick(true);
      setPickerOpen(true);
      return;
    }
    void send(patient, choices.address);
  };

  const onProfileChosen = (chosen: ClientPatient) => {
    setPickerOpen(false);
    // The profile's address fills the homecare block unless the patient typed one.
    const address = choices.addressEdited ? choices.address : profileAddress(chosen);
    choose({ patientId: chosen.id, address });
    if (submitAfterPick) {
      setSubmitAfterPick(false);
      void send(chosen, address);
    }
  };

  const setAddressLine = (field: keyof OrderAddress) => (value: string) =>
    setChoices((previous) => ({ ...previous, addressEdited: true, address: { ...previous.address, [field]: value } }));

  const blockText = block ? tx(parseErrorString(englishErrorString(block)).text) : null;
  const homeLabel =
    category === 'Examination' ? t('orders.create.text.requestHomeSampleCollection') : t('orders.create.text.requestToHome');
  const addressHeading =
    category === 'Examination' ? t('orders.create.text.sampleCollectionAddress') : t('orders.create.text.homecareAddress');

  return (
    <section className="screen order-create" aria-labelledby="order-create-title" aria-busy={!loaded}>
      <header className="order-create__header">
        <h1 id="order-create-title" tabIndex={-1}>
          {t(`orders.create.title.${category}`)}
        </h1>
        <p className="order-create__intro">{admission ? t('orders.create.intro.Finance') : t('orders.create.intro')}</p>
      </header>
      {restored ? (
        <p className="order-create__notice" role="status">
          {t('orders.create.draftRestored')}
        </p>
      ) : null}

      <section className="order-create__card" aria-labelledby="order-create-documents">
        <h2 id="order-create-documents">{t('orders.create.documents.heading')}</h2>
        <p className="order-create__muted" id="order-create-limit">
          {t('orders.create.documents.hint', { max: String(ORDER_MAX_DOCUMENTS), limit: uploadLimitText() })}
        </p>
        <div className="order-create__pickers">
          <Button variant="secondary" onClick={() => photoInput.current?.click()} aria-describedby="order-create-limit">
            {t('orders.create.documents.addPhotos')}
          </Button>
          <Button variant="secondary" onClick={() => pdfInput.current?.click()} aria-describedby="order-create-limit">
            {t('orders.create.documents.addPdf')}
          </Button>
          {/* spec doc 3 §2: image inputs accept image/*, PDF inputs accept application/pdf. */}
          <input
            ref={photoInput}
            className="visually-hidden"
            type="file"
            accept={ORDER_UPLOAD_ACCEPT.image}
            multiple
            tabIndex={-1}
            aria-hidden="true"
            data-testid="order-photo-input"
            onChange={(event) => void onPicked(event)}
          />
          <input
            ref={pdfInput}
            className="visually-hidden"
            type="file"
            accept={ORDER_UPLOAD_ACCEPT.pdf}
            multiple
            tabIndex={-1}
            aria-hidden="true"
            data-testid="order-pdf-input"
            onChange={(event) => void onPicked(event)}
          />
        </div>
        {leftOut > 0 ? (
          <p className="order-create__error" role="alert">
            {t('orders.create.documents.tooMany', { count: leftOut, max: String(ORDER_MAX_DOCUMENTS) })}
          </p>
        ) : null}
        <div role="alert" className="order-create__alerts">
          {failures.map((failure) => {
            const id = failureKeys[failure];
            return id ? (
              <p key={failure} className="order-create__error">
                {t(id)}
              </p>
            ) : null;
          })}
        </div>
        <OrderUploadList items={uploads.items} onRetry={uploads.retry} onRemove={uploads.remove} />
        <p className="visually-hidden" role="status">
          {t('orders.create.status.uploadedCount', { count: documentIds.length })}
        </p>
      </section>

      <section className="order-create__card" aria-labelledby="order-create-hospital">
        <h2 id="order-create-hospital">{t('orders.create.hospital.label')}</h2>
        {hospitals.fetching && organizations.length === 0 ? (
          <p className="order-create__muted" role="status">
            {t('orders.create.hospital.loading')}
          </p>
        ) : hospitals.error && organizations.length === 0 ? (
          <div role="alert">
            <p className="order-create__error">{t('orders.create.hospital.failed')}</p>
            <Button variant="secondary" onClick={() => reloadHospitals({ requestPolicy: 'network-only' })}>
              {t('orders.create.tryAgain')}
            </Button>
          </div>
        ) : (
          <div className="field">
            <label className="visually-hidden" htmlFor="order-create-hospital-select">
              {t('orders.create.hospital.label')}
            </label>
            <select
              id="order-create-hospital-select"
              className="field__input order-create__select"
              value={choices.organizationId ?? ''}
              onChange={(event) => choose({ organizationId: event.target.value || null })}
            >
              <option value="">{t('orders.create.hospital.choose')}</option>
              {organizations.map((hospital) => (
                <option key={hospital.id} value={hospital.id}>
                  {hospital.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>

      <section className="order-create__card" aria-labelledby="order-create-profile">
        <h2 id="order-create-profile">{t('orders.create.profile.heading')}</h2>
        <div className="order-create__profile">
          {patient ? (
            <p className="order-create__profile-name">
              <span>{patient.displayName}</span>
              {patient.relationship ? <span className="order-create__muted"> · {patient.relationship}</span> : null}
            </p>
          ) : (
            <p className="order-create__muted">{t('orders.create.profile.none')}</p>
          )}
          <Button variant="secondary" onClick={() => setPickerOpen(true)}>
            {patient ? t('orders.create.profile.change') : t('orders.create.profile.choose')}
          </Button>
        </div>
      </section>

      {admission ? (
        <section className="order-create__card" aria-labelledby="order-create-note">
          <h2 id="order-create-note">{t('orders.create.note.heading')}</h2>
          <div className="field">
            <label className="visually-hidden" htmlFor="order-create-note-input">
              {t('orders.create.note.heading')}
            </label>
            <textarea
              id="order-create-note-input"
              className="field__input"
              rows={4}
              maxLength={ORDER_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </section>
      ) : (
      <fieldset className="order-create__card order-create__where">
        <legend>
          <h2>{t('orders.create.where.heading')}</h2>
        </legend>
        {(['homecare', 'appointment'] as const).map((value) => (
          <label key={value} className="order-create__choice">
            <input
              type="radio"
              name="order-create-where"
              value={value}
              checked={choices.initiatedFor === value}
              onChange={() => choose({ initiatedFor: value })}
            />
            <span>{value === 'homecare' ? homeLabel : t('orders.create.text.bookVisit')}</span>
          </label>
        ))}
      </fieldset>
      )}

      {choices.initiatedFor === 'homecare' && !admission ? (
        <fieldset className="order-create__card order-create__address">
          <legend>
            <h2>{addressHeading}</h2>
          </legend>
          <TextInput
            label={t('orders.create.text.addressLineOne')}
            value={choices.address.addressLineOne}
            onChange={setAddressLine('addressLineOne')}
            autoComplete="address-line1"
          />
          <TextInput
            label={t('orders.create.text.addressLineTwo')}
            value={choices.address.addressLineTwo}
            onChange={setAddressLine('addressLineTwo')}
            autoComplete="address-line2"
          />
          <TextInput
            label={t('orders.create.text.addressLandmark')}
            value={choices.address.addressLineThree}
            onChange={setAddressLine('addressLineThree')}
          />
          <TextInput
            label={t('orders.create.text.addressCity')}
            value={choices.address.addressCity}
            onChange={setAddressLine('addressCity')}
            autoComplete="address-level2"
          />
        </fieldset>
      ) : null}

      {category === 'Examination' ? (
        <fieldset className="order-create__card order-create__dates">
          <legend>
            <h2>{t('orders.create.sampleDate.heading')}</h2>
          </legend>
          {/* spec doc 3 §5, §9: 7 choices, today, tomorrow and the 5 days after; none picked is no date. */}
          {dateChoices.map((date, index) => (
            <label key={date} className="order-create__choice">
              <input
                type="radio"
                name="order-create-date"
                value={date}
                checked={choices.sampleDate === date}
                onChange={() => choose({ sampleDate: date })}
              />
              <span>{dateLabel(date, index)}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <div className="order-create__submit">
        {submitError ? (
          <p className="order-create__error" role="alert">
            {submitError}
          </p>
        ) : null}
        <p id="order-create-block" className="order-create__muted" aria-live="polite">
          {blockText ?? ''}
        </p>
        <Button
          block
          disabled={block !== null || creation.fetching || !loaded}
          loading={creation.fetching}
          aria-describedby="order-create-block"
          onClick={onSubmit}
        >
          {creation.fetching ? t('orders.create.submitting') : t('orders.create.submit')}
        </Button>
      </div>

      {RelationshipPicker ? (
        <RelationshipPicker
          open={pickerOpen}
          onSelect={onProfileChosen}
          onClose={() => {
            setPickerOpen(false);
            setSubmitAfterPick(false);
          }}
          notice={<p className="order-create__picker-notice">{t('orders.create.text.selectProfile')}</p>}
        />
      ) : null}
    </section>
  );
}
