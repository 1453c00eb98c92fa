// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { baseTenantConfig } from '@careline/domain/tenant';
import type { ClientPatient } from '@careline/domain/profiles';
import { activateLocale, createI18n } from '@careline/i18n/core';
import { loadOrdersMessages } from '@careline/i18n/orders';
import { ToastProvider } from '../../../components/toast.tsx';
import type { AccountView } from '../../../lib/session';
import { renderScreen, type GraphQLCall } from '../../../lib/testing/render-screen.tsx';
import type { OrderRelationshipPickerProps } from '../order-slots.ts';
import type { BlobUploadOutcome } from '../shared/blob-upload.ts';
import { OrderCreateScreen, type OrderCreateServices } from './order-create-screen.tsx';
import { draftKey, memoryDraftStore, type StoredOrderDraft } from './order-draft-store.ts';
import type { CreateDocument } from '../shared/use-order-uploads.ts';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(cleanup);

function patient(overrides: Partial<ClientPatient> & { id: string; displayName: string }): ClientPatient {
  return {
    familyName: 'Fernando',
    givenName: overrides.displayName.split(' ')[1] ?? overrides.displayName,
    prefix: 'Mrs',
    age: '44 years',
    gender: 'female',
    relationship: null,
    dateOfBirth: '1982-01-01',
    dob: { date: '01', month: '01', year: '1982' },
    hospitalId: null,
    sameRelationshipIds: [overrides.id],
    addressLineOne: '',
    addressLineTwo: '',
    addressLineThree: '',
    addressCity: '',
    mobileNo: '94771234567',
    ...overrides,
  };
}

const me = patient({ id: 'p-me', displayName: 'Mr Nimal Fernando', relationship: 'Me' });
const mother = patient({
  id: 'p-mother',
  displayName: 'Mrs Kamala Fernando',
  relationship: 'Mother',
  addressLineOne: '12 Flower Road',
  addressLineThree: 'Near the temple',
  addressCity: 'Colombo 7',
});

const account: AccountView = {
  id: 'acc-1',
  mobileNo: '94771234567',
  status: 'active',
  patients: { [me.id]: me, [mother.id]: mother },
  patientList: [me, mother],
  paymentMethods: [],
  defaultPaymentMethod: null,
  hasPaymentMethod: false,
  bookingReqId: null,
  loyaltyAccounts: [],
};

const hospitalsAnswer = {
  data: {
    queryOrganization: [
      { __typename: 'Organization', id: 'o-colombo', name: 'Careline Colombo', city: 'Colombo' },
      { __typename: 'Organization', id: 'o-kandy', name: 'Careline Kandy', city: 'Kandy' },
    ],
  },
};

/** A stand-in of the profiles feature's modal: lists the profiles and shows the notice it is given. */
function FakePicker({ open, onSelect, onClose, notice }: OrderRelationshipPickerProps) {
  if (!open) {
    return null;
  }
  return (
    <div role="dialog" aria-label="profiles">
      {notice}
      <button type="button" onClick={() => onSelect(mother)}>
        Kamala
      </button>
      <button type="button" onClick={onClose}>
        Back
      </button>
    </div>
  );
}

function jpegFile(name: string, size = 2000): File {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: 'image/jpeg' });
}

type Harness = {
  uploads: { name: string; size: number }[];
  documents: Parameters<CreateDocument>[0][];
  online: boolean;
};

function services(
  harness: Harness,
  options: { uploadOutcomes?: BlobUploadOutcome[]; compressedSize?: number; store?: OrderCreateServices['draftStore'] } = {},
): OrderCreateServices {
  const outcomes = [...(options.uploadOutcomes ?? [])];
  let ids = 0;
  let clock = 1_000_000;
  return {
    draftStore: options.store ?? memoryDraftStore(),
    now: () => new Date('2026-11-24T04:00:00Z'),
    uploads: {
      compress: async (file, onProgress) => {
        onProgress(0.5);
        return new File([new Uint8Array(options.compressedSize ?? 900_000).fill(0xff)], 'small.jpg', { type: 'image/jpeg' });
      },
      upload: async (file, { onProgress }) => {
        onProgress?.(0.5);
        harness.uploads.push({ name: (file as File).name, size: file.size });
        return outcomes.shift() ?? { kind: 'uploaded', blobId: `blob-${harness.uploads.length}` };
      },
      createDocument: async (args) => {
        harness.documents.push(args);
        return { kind: 'created', documentId: `doc-${args.blobId}` };
      },
      isOnline: () => harness.online,
      newId: () => `id-${(ids += 1)}`,
      // Each reading jumps a minute ahead, so a backoff's wait has always passed: no slow tests.
      now: () => (clock += 60_000),
    },
  };
}

async function renderCreate(options: {
  category?: string;
  services: OrderCreateServices;
  answer?: (call: GraphQLCall) => unknown;
  tenant?: typeof baseTenantConfig;
}) {
  const i18n = createI18n();
  await activateLocale(i18n, 'en');
  await loadOrdersMessages(i18n, 'en');
  const rendered = renderScreen({
    path: `/order/create/${options.category ?? 'Medication'}`,
    routePath: '/order/create/:category',
    account,
    i18n,
    tenant: options.tenant,
    answer: (call) =>
      options.answer?.(call) ?? (call.operationName === 'orderCreateHospitals' ? hospitalsAnswer : { data: null }),
    element: (
      <ToastProvider>
        <Suspense fallback={null}>
          <OrderCreateScreen RelationshipPicker={FakePicker} services={options.services} />
        </Suspense>
      </ToastProvider>
    ),
  });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

async function pick(files: File[]) {
  const input = screen.getByTestId('order-photo-input');
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
}

describe('/order/create/{category} (spec doc 3 §2 Order creation screen)', () => {
  it('orders medicine with two prescription photos for a family member, then opens the order', async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    const { calls } = await renderCreate({
      services: services(harness),
      answer: (call) =>
        call.operationName === 'createOrder'
          ? { data: { createServiceRequest: { __typename: 'ServiceRequest', id: 'order-1', patientId: mother.id } } }
          : undefined,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Order medicines' })).toBeTruthy();
    // The limit is shown (the spec's '250' has no unit: ours is the server's 10 MB).
    expect(screen.getByText(/10 MB each/)).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Send request' });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Attach at least one image or document')).toBeTruthy();

    // One photo over 1 MB (compressed first) and one small.
    await pick([jpegFile('page-1.jpg', 3 * 1024 * 1024), jpegFile('page-2.jpg')]);
    await waitFor(() => expect(screen.getByText('2 files uploaded')).toBeTruthy());
    expect(harness.uploads.map((upload) => upload.size)).toEqual(expect.arrayContaining([900_000, 2000]));
    expect(new Set(harness.documents.map((document) => document.idempotencyKey)).size).toBe(2);

    // Homecare is the default (spec doc 3 §4): the address is needed, then the hospital.
    expect(screen.getByText('Enter the address')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Hospital' }), { target: { value: 'o-colombo' } });
    // No profile yet: the address comes with the profile chosen in the modal.
    fireEvent.click(screen.getByRole('button', { name: 'Choose the profile' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Select the profile to order')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kamala' }));
    expect(screen.getByLabelText<HTMLInputElement>('No, Address line 1').value).toBe('12 Flower Road');
    expect(screen.getByLabelText<HTMLInputElement>('Address near landmark').value).toBe('Near the temple');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send request' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/view?orderId=order-1'));
    const create = calls.find((call) => call.operationName === 'createOrder');
    expect(create?.variables).toMatchObject({
      input: {
        patientId: mother.id,
        orderCategory: 'Medication',
        organization: 'o-colombo',
        // In the order the photos were picked: page 1 was compressed first, so its upload came second.
        documentReferenceIds: ['doc-blob-2', 'doc-blob-1'],
        serviceRequestInitiatedFor: 'homecare',
        addressLineOne: '12 Flower Road',
        addressCity: 'Colombo 7',
      },
    });
    expect(typeof create?.variables.idempotencyKey).toBe('string');
  });

  it('requests an admission (issue 30 §2.4): category Finance, no document or address needed, with notes', async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    const { calls } = await renderCreate({
      category: 'Finance',
      services: services(harness),
      answer: (call) =>
        call.operationName === 'createOrder'
          ? { data: { createServiceRequest: { __typename: 'ServiceRequest', id: 'order-adm', patientId: mother.id } } }
          : undefined,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Request admission' })).toBeTruthy();
    // No homecare choice and no address block for an admission.
    expect(screen.queryByLabelText('Book a visit to hospital')).toBeNull();
    expect(screen.queryByLabelText('No, Address line 1')).toBeNull();
    fireEvent.change(await screen.findByRole('combobox', { name: 'Hospital' }), { target: { value: 'o-kandy' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes for the hospital' }), { target: { value: '  Knee surgery next week  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose the profile' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kamala' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send request' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/view?orderId=order-adm'));
    const create = calls.find((call) => call.operationName === 'createOrder');
    expect(create?.variables).toMatchObject({
      input: {
        patientId: mother.id,
        orderCategory: 'Finance',
        organization: 'o-kandy',
        documentReferenceIds: [],
        serviceRequestInitiatedFor: 'appointment',
        addressLineOne: '',
        additionalNote: 'Knee surgery next week',
      },
    });
  });

  it('offers the admission request only when the tenant has encounterOrder on', async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    const { calls } = await renderCreate({
      category: 'Finance',
      services: services(harness),
      tenant: { ...baseTenantConfig, features: { ...baseTenantConfig.features, encounterOrder: { enabled: false, payment: false } } },
    });
    expect(screen.getByRole('alert').textContent).toBe('This hospital does not take this kind of order in the app.');
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
    expect(calls.some((call) => call.operationName === 'createOrder')).toBe(false);
  });

  it("opens 'Select the profile to order' on submit when no profile is chosen, then sends", async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    const { calls } = await renderCreate({
      services: services(harness),
      answer: (call) =>
        call.operationName === 'createOrder'
          ? { data: { createServiceRequest: { __typename: 'ServiceRequest', id: 'order-2', patientId: mother.id } } }
          : undefined,
    });
    await pick([jpegFile('page.jpg')]);
    await waitFor(() => expect(screen.getByText('1 file uploaded')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Book a visit to hospital'));
    fireEvent.change(await screen.findByRole('combobox', { name: 'Hospital' }), { target: { value: 'o-kandy' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Select the profile to order')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Kamala' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/view?orderId=order-2'));
    expect(calls.find((call) => call.operationName === 'createOrder')?.variables).toMatchObject({
      input: { serviceRequestInitiatedFor: 'appointment', addressLineOne: '', organization: 'o-kandy' },
    });
  });

  it('retries a dropped upload on its own and makes one document of it', async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    await renderCreate({ services: services(harness, { uploadOutcomes: [{ kind: 'network' }, { kind: 'network' }] }) });
    await pick([jpegFile('page.jpg')]);
    await waitFor(() => expect(screen.getByText('1 file uploaded')).toBeTruthy());
    expect(harness.uploads).toHaveLength(3);
    expect(harness.documents).toHaveLength(1);
  });

  it("waits while offline and goes on when the browser is back online", async () => {
    const harness: Harness = { uploads: [], documents: [], online: false };
    await renderCreate({ services: services(harness, { uploadOutcomes: [{ kind: 'network' }] }) });
    // Queued while offline: nothing is sent.
    await pick([jpegFile('page.jpg')]);
    expect(await screen.findByText('Waiting to upload')).toBeTruthy();
    expect(harness.uploads).toHaveLength(0);
    harness.online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByText('1 file uploaded')).toBeTruthy());
    expect(harness.documents).toHaveLength(1);
  });

  it("shows 'Upload failed' and 'Failed to upload some images, please retry!' after the automatic tries, and Retry sends it", async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    const network: BlobUploadOutcome = { kind: 'network' };
    await renderCreate({ services: services(harness, { uploadOutcomes: [network, network, network, network, network] }) });
    await pick([jpegFile('page.jpg')]);
    expect(await screen.findByText('Upload failed')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Failed to upload some images, please retry!');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('1 file uploaded')).toBeTruthy());
    expect(screen.queryByText('Failed to upload some images, please retry!')).toBeNull();
  });

  it('refuses a renamed executable and a photo that stays over the limit, with the limit', async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    await renderCreate({ services: services(harness, { compressedSize: 11 * 1024 * 1024 }) });
    const exe = new Uint8Array(4000);
    exe.set([0x4d, 0x5a, 0x90]);
    await pick([new File([exe], 'photo.jpg', { type: 'image/jpeg' }), jpegFile('huge.jpg', 12 * 1024 * 1024)]);
    expect(await screen.findByText('Only images and PDF files can be uploaded')).toBeTruthy();
    expect(await screen.findByText('File is too large. The limit is 10 MB per file.')).toBeTruthy();
    expect(harness.uploads).toHaveLength(0);
  });

  it('keeps the draft on the phone and resumes it after a reload', async () => {
    const store = memoryDraftStore();
    const draft: StoredOrderDraft = {
      version: 1,
      organizationId: 'o-kandy',
      patientId: mother.id,
      initiatedFor: 'homecare',
      address: { addressLineOne: '3 Lake Drive', addressLineTwo: '', addressLineThree: '', addressCity: 'Kandy' },
      addressEdited: true,
      sampleDate: null,
      submit: null,
      savedAt: 1,
      files: [
        {
          id: 'f-1',
          name: 'done.jpg',
          kind: 'image',
          type: 'image/jpeg',
          size: 2000,
          originalSize: 2000,
          status: 'done',
          progress: 1,
          attempts: 0,
          retryAt: null,
          blobId: 'blob-a',
          documentId: 'doc-a',
          documentKey: 'key-a',
          refusal: null,
          original: null,
          prepared: jpegFile('done.jpg'),
        },
        {
          id: 'f-2',
          name: 'half.jpg',
          kind: 'image',
          type: 'image/jpeg',
          size: 2000,
          originalSize: 2000,
          status: 'uploading',
          progress: 0.4,
          attempts: 0,
          retryAt: null,
          blobId: null,
          documentId: null,
          documentKey: 'key-b',
          refusal: null,
          original: null,
          prepared: jpegFile('half.jpg'),
        },
      ],
    };
    await store.save(draftKey(account.id, 'Medication'), draft);
    const harness: Harness = { uploads: [], documents: [], online: true };
    await renderCreate({ services: services(harness, { store }) });
    expect(await screen.findByText(/We kept what you picked last time/)).toBeTruthy();
    await waitFor(() => expect(screen.getByText('2 files uploaded')).toBeTruthy());
    // Only the unfinished file went again, with its own document key.
    expect(harness.uploads).toHaveLength(1);
    expect(harness.documents.map((document) => document.idempotencyKey)).toEqual(['key-b']);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Hospital' }).value).toBe('o-kandy');
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe('Kandy');
    expect(screen.getByText('Mrs Kamala Fernando')).toBeTruthy();
  });

  it('offers the 7 sample collection dates for a lab test and sends the one picked', async () => {
    const harness: Harness = { uploads: [], documents: [], online: true };
    const { calls } = await renderCreate({
      category: 'Examination',
      services: services(harness),
      answer: (call) =>
        call.operationName === 'createOrder'
          ? { data: { createServiceRequest: { __typename: 'ServiceRequest', id: 'order-3', patientId: mother.id } } }
          : undefined,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Request a lab test' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sample Collection Address' })).toBeTruthy();
    const dates = within(screen.getByRole('group', { name: 'Sample collection date' })).getAllByRole('radio');
    // spec doc 3 §5, §9: 7 choices, none of them picked until the patient picks one.
    expect(dates).toHaveLength(7);
    expect(dates.map((date) => (date as HTMLInputElement).checked)).toEqual(Array<boolean>(7).fill(false));
    expect(screen.queryByText('Any day the hospital suggests')).toBeNull();
    fireEvent.click(screen.getByLabelText('Tomorrow'));
    await pick([jpegFile('request.jpg')]);
    await waitFor(() => expect(screen.getByText('1 file uploaded')).toBeTruthy());
    fireEvent.click(screen.getByLabelText('Book a visit to hospital'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Hospital' }), { target: { value: 'o-colombo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Kamala' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/order/view?orderId=order-3'));
    expect(calls.find((call) => call.operationName === 'createOrder')?.variables).toMatchObject({
      input: { orderCategory: 'Examination', sampleCollectionRequestedTime: '2026-11-25T09:00:00+05:30' },
    });
  });

  it('says so when the tenant does not offer the category', async () => {
    const tenant = {
      ...baseTenantConfig,
      features: { ...baseTenantConfig.features, medicationOrder: { enabled: false, payment: false } },
    };
    await renderCreate({ services: services({ uploads: [], documents: [], online: true }), tenant });
    expect(screen.getByText('This hospital does not take this kind of order in the app.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });
});
