// @vitest-environment jsdom
import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Client, fetchExchange, subscriptionExchange, type ExecutionResult } from '@urql/core';
import { Provider } from 'urql';
import { baseTenantConfig } from '@careline/domain/tenant';
import type { ClientPatient } from '@careline/domain/profiles';
import { createI18n } from '@careline/i18n/core';
import { loadOrdersMessages } from '@careline/i18n/orders';
import { ToastProvider } from '../../../components/toast.tsx';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { SessionProvider, type AccountView, type SessionValue } from '../../../lib/session';
import { TenantProvider } from '../../../lib/tenant';
import type { OrderRelationshipPickerProps } from '../order-slots.ts';
import { OrderViewScreen } from './order-view-screen.tsx';
import { signedInSession } from '../../../lib/testing/test-account.ts';

beforeAll(() => {
  window.scrollTo = () => undefined;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Sink = { next: (result: ExecutionResult) => void };
type Call = { operationName: string; variables: Record<string, unknown> };

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const PATIENT_ID = '22222222-2222-4222-8222-222222222222';
const ORG_ID = '33333333-3333-4333-8333-333333333333';

function patient(overrides: Partial<ClientPatient> = {}): ClientPatient {
  return {
    id: PATIENT_ID,
    displayName: 'Mr Nuwan Fernando',
    familyName: 'Fernando',
    givenName: 'Nuwan',
    prefix: 'Mr',
    age: '47 years',
    gender: 'male',
    relationship: 'Me',
    dateOfBirth: '1979-02-03',
    dob: { date: '03', month: '02', year: '1979' },
    hospitalId: null,
    sameRelationshipIds: [PATIENT_ID],
    addressLineOne: '',
    addressLineTwo: '',
    addressLineThree: '',
    addressCity: '',
    mobileNo: '94771234567',
    ...overrides,
  };
}

function account(profile: ClientPatient = patient()): AccountView {
  return {
    id: 'account-1',
    mobileNo: '94771234567',
    status: 'active',
    patients: { [profile.id]: profile },
    patientList: [profile],
    paymentMethods: [],
    defaultPaymentMethod: null,
    hasPaymentMethod: false,
    bookingReqId: null,
    loyaltyAccounts: [],
  };
}

/** An order as serviceRequest answers it. */
function order(overrides: Record<string, unknown> = {}) {
  return {
    __typename: 'ServiceRequest',
    id: ORDER_ID,
    identifier: 'SR-000123',
    intent: 'order',
    category: 'Medication',
    codeCode: '4',
    orderStatus: 'new',
    orderCanceledReason: null,
    orderCommunicationStatus: 'initial',
    organizationId: ORG_ID,
    hospitalId: ORG_ID,
    patientId: PATIENT_ID,
    replacedBy: null,
    orderDetail: null,
    additionalNote: null,
    serviceRequestInitiatedFor: 'homecare',
    serviceRequestInitiatedFrom: 'heartbeat',
    serviceRequestChargingAmount: null,
    serviceRequestPaymentStatus: 'pending',
    serviceRequestPaymentMethod: 'card',
    medicationOrderEstimatedTime: null,
    sampleCollectionRequestedTime: null,
    sampleCollectionTime: null,
    sampleCollectionUserName: null,
    procedureRequestedTime: null,
    encounterRequestedTime: null,
    homeVisitRequestedTime: null,
    addressLineOne: '12 Galle Road',
    addressLineTwo: 'Kollupitiya',
    addressLineThree: 'Near the temple',
    addressCity: 'Colombo',
    heartbeatLinkSeen: true,
    heartbeatLastSeen: '2026-11-20T08:00:00.000Z',
    version: 3,
    documents: [],
    note: [],
    diagnosticReports: [],
    events: [
      {
        __typename: 'OrderEvent',
        id: 'e-1',
        event: 'create',
        fromStatus: null,
        toStatus: 'new',
        actorReference: `Patient/${PATIENT_ID}`,
        reason: null,
        createdTime: '2026-11-20T07:00:00.000Z',
      },
    ],
    createdTime: '2026-11-20T07:00:00.000Z',
    ...overrides,
  };
}

type Answer = (call: Call) => unknown;

async function renderView(options: {
  path?: string;
  answer: Answer;
  profile?: ClientPatient;
  picker?: (props: OrderRelationshipPickerProps) => React.ReactNode;
  slot?: boolean;
}) {
  const i18n = createI18n();
  await loadOrdersMessages(i18n, 'en');
  const sinks = new Map<string, Sink>();
  const calls: Call[] = [];
  const fakeFetch: typeof fetch = async (url, init) => {
    const address = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const params = new URL(address, 'http://test.local').searchParams;
    const body = (
      typeof init?.body === 'string'
        ? JSON.parse(init.body)
        : { query: params.get('query') ?? '', variables: JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown> }
    ) as { query: string; variables: Record<string, unknown> };
    const operationName = /(?:mutation|query)\s+(\w+)/.exec(body.query)?.[1] ?? '';
    const call = { operationName, variables: body.variables };
    calls.push(call);
    const answer = options.answer(call) ?? defaultAnswer(call);
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } });
  };
  const client = new Client({
    url: 'http://test.local/graphql',
    exchanges: [
      fetchExchange,
      subscriptionExchange({
        forwardSubscription: (request) => ({
          subscribe: (sink: Sink) => {
            const name = /subscription\s+(\w+)/.exec(request.query ?? '')?.[1] ?? '';
            sinks.set(name, sink);
            return { unsubscribe: () => sinks.delete(name) };
          },
        }),
      }),
    ],
    fetch: fakeFetch,
  });
  const view = account(options.profile);
  const session: SessionValue = signedInSession(view);
  function Where() {
    const location = useLocation();
    return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
  }
  const Picker = options.picker;
  const router = createMemoryRouter(
    [
      {
        path: '/order/view',
        element: (
          <OrderViewScreen
            RelationshipPicker={Picker ? (props) => <>{Picker(props)}</> : undefined}
            paymentSlot={options.slot ? (slotOrder) => <p data-testid="payment-slot">{`pay ${String(slotOrder.serviceRequestChargingAmount)}`}</p> : undefined}
          />
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [options.path ?? `/order/view?orderId=${ORDER_ID}`] },
  );
  render(
    <TestLanguage i18n={i18n}>
      <Provider value={client}>
        <SessionProvider value={session}>
          <TenantProvider value={baseTenantConfig} loading={null} failed={() => null}>
            <ToastProvider>
              <Suspense fallback={null}>
                <RouterProvider router={router} />
              </Suspense>
            </ToastProvider>
          </TenantProvider>
        </SessionProvider>
      </Provider>
    </TestLanguage>,
  );
  return { sinks, calls, router };
}

function defaultAnswer(call: Call): unknown {
  switch (call.operationName) {
    case 'orderViewOrganizations':
      return { data: { queryOrganization: [{ __typename: 'Organization', id: ORG_ID, name: 'Careline Hospital Colombo' }] } };
    case 'patchOrderView':
      return { data: { patchServiceRequest: order() } };
    case 'orderViewPayments':
      return { data: { queryPaymentGatewayCallback: [] } };
    case 'createOrderNoteDocument':
      return { data: { createDocumentReference: { __typename: 'DocumentReference', id: 'doc-9' } } };
    default:
      return { data: null };
  }
}

/** A small PNG (its signature first, as the file check reads it). */
function pngFile(name: string, size = 64): File {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new File([bytes], name, { type: 'image/png' });
}

const serviceRequest = (overrides: Record<string, unknown> = {}) => ({ data: { serviceRequest: order(overrides) } });

describe('/order/view (spec doc 3 §2 Order detail screen)', () => {
  it('loads with the spec text, then shows the header, hospital, Requested for and the tracker, and stamps the visit once', async () => {
    const { calls } = await renderView({
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest() : undefined),
    });
    expect(screen.getAllByText('Please wait, We are loading your order').length).toBeGreaterThan(0);
    await screen.findByRole('heading', { level: 1, name: 'Medication Order' });
    expect(screen.getByText('SR-000123')).toBeTruthy();
    expect(screen.getByText('Requested at')).toBeTruthy();
    await screen.findByText('Careline Hospital Colombo');
    const requestedFor = screen.getByRole('region', { name: 'Requested for' });
    expect(within(requestedFor).getByText('Mr Nuwan Fernando')).toBeTruthy();
    expect(within(requestedFor).getByText(/47 years/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Request to home' })).toBeTruthy();
    expect(screen.getByText('Homecare Address')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Order progress' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Call Careline Hospital Colombo' }).getAttribute('href')).toMatch(/^tel:/);
    await waitFor(() => expect(calls.filter((call) => call.operationName === 'patchOrderView')).toHaveLength(1));
    // Already seen: only the last-seen stamp (spec doc 3 §4 Other transitions).
    expect(calls.find((call) => call.operationName === 'patchOrderView')?.variables).toMatchObject({
      id: ORDER_ID,
      expectedVersion: 3,
      input: { timeStampKey: 'heartbeatLastSeen' },
    });
    expect(calls.find((call) => call.operationName === 'patchOrderView')?.variables.input).not.toHaveProperty('heartbeatLinkSeen');
  });

  it('marks heartbeatLinkSeen the first time', async () => {
    const { calls } = await renderView({
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest({ heartbeatLinkSeen: false }) : undefined),
    });
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'patchOrderView')?.variables.input).toEqual({
        heartbeatLinkSeen: true,
        timeStampKey: 'heartbeatLastSeen',
      }),
    );
  });

  it("goes to /accessDenied for another account's order (ARO-E2001)", async () => {
    await renderView({
      answer: (call) =>
        call.operationName === 'orderView'
          ? { data: null, errors: [{ message: 'ARO-E2001:We could not find that', extensions: { code: 'ARO-E2001' } }] }
          : undefined,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/accessDenied'));
  });

  it('goes to the replacement of a replaced order', async () => {
    const replacement = '44444444-4444-4444-8444-444444444444';
    const { calls } = await renderView({
      answer: (call) => {
        if (call.operationName !== 'orderView') {
          return undefined;
        }
        return call.variables.id === ORDER_ID
          ? serviceRequest({ replacedBy: replacement })
          : serviceRequest({ id: replacement, identifier: 'SR-000124' });
      },
    });
    await screen.findByText('SR-000124');
    // The replaced order is not stamped as seen; the replacement is.
    await waitFor(() => expect(calls.filter((call) => call.operationName === 'patchOrderView').map((call) => call.variables.id)).toEqual([replacement]));
  });

  it("shows 'Home Sample Collection', the requested date, the test list and the 'Sample collection scheduled' box", async () => {
    // 04:00 UTC is 09:30 AM hospital time (UTC+05:30), the hour the SMS names, whatever the phone's zone.
    const at = '2026-11-25T04:00:00.000Z';
    await renderView({
      answer: (call) =>
        call.operationName === 'orderView'
          ? serviceRequest({
              category: 'Examination',
              orderStatus: 'sampleCollecting',
              sampleCollectionUserName: 'Kamal Silva',
              sampleCollectionTime: at,
              sampleCollectionRequestedTime: at,
              orderDetail: { coding: [{ display: 'Full blood count' }, { display: 'ESR' }] },
              additionalNote: 'Fasting',
            })
          : undefined,
    });
    await screen.findByRole('heading', { level: 1, name: 'Examination Order' });
    expect(screen.getByRole('region', { name: 'Home Sample Collection' })).toBeTruthy();
    expect(screen.getByText('Sample Collection Address')).toBeTruthy();
    expect(screen.getByText('Sample Collection Requested Date')).toBeTruthy();
    const box = screen.getByRole('region', { name: 'Sample collection scheduled' });
    expect(box.textContent).toBe('Sample collection scheduledKamal Silva will meet you at home at 09:30 AM');
    const list = screen.getByRole('region', { name: 'Test List' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Full blood count', 'ESR']);
  });

  it("changes the homecare address: Update waits for a change, and a refusal shows the text after 'CODE:'", async () => {
    let refuse = true;
    const { calls } = await renderView({
      answer: (call) => {
        if (call.operationName === 'orderView') {
          return serviceRequest();
        }
        if (call.operationName === 'patchOrderView' && 'addressCity' in (call.variables.input as object)) {
          if (refuse) {
            refuse = false;
            return { data: null, errors: [{ message: 'ARO-E6016:The hospital is already working on this order', extensions: { code: 'ARO-E6016' } }] };
          }
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change homecare address' });
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect((update as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByLabelText('No, Address line 1')).toBeTruthy();
    expect(within(dialog).getByLabelText('Address line 2')).toBeTruthy();
    expect(within(dialog).getByLabelText('Address near landmark')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('City'), { target: { value: 'Kandy' } });
    expect((update as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(update);
    await within(dialog).findByText('The hospital is already working on this order');
    fireEvent.click(update);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls.filter((call) => call.operationName === 'patchOrderView' && 'addressCity' in (call.variables.input as object));
    expect(sent.at(-1)?.variables).toMatchObject({
      expectedVersion: 3,
      input: { addressLineOne: '12 Galle Road', addressLineTwo: 'Kollupitiya', addressLineThree: 'Near the temple', addressCity: 'Kandy' },
    });
    expect(sent[0]?.variables.idempotencyKey).not.toBe(sent[1]?.variables.idempotencyKey);
  });

  it("switches a lab test to a hospital visit through 'Are you sure want to Change request?'", async () => {
    const { calls } = await renderView({
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest({ category: 'Examination' }) : undefined),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Change request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure want to Change request?' });
    // The question written once, not again over its choices (issue 30 §11), which it still names.
    expect(within(dialog).getAllByText('Are you sure want to Change request?')).toHaveLength(1);
    expect(within(dialog).getByRole('group', { name: 'Are you sure want to Change request?' })).toBeTruthy();
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect((update as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Request home sample collection').checked).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('Book a visit to hospital'));
    fireEvent.click(update);
    await waitFor(() =>
      expect(calls.some((call) => call.operationName === 'patchOrderView' && (call.variables.input as { serviceRequestInitiatedFor?: string }).serviceRequestInitiatedFor === 'appointment')).toBe(true),
    );
    expect(within(dialog).getByRole('button', { name: 'Not now' })).toBeTruthy();
  });

  it('a hospital visit without an address asks for one when it becomes a home sample collection', async () => {
    const { calls } = await renderView({
      answer: (call) =>
        call.operationName === 'orderView'
          ? serviceRequest({
              category: 'Examination',
              serviceRequestInitiatedFor: 'appointment',
              addressLineOne: null,
              addressLineTwo: null,
              addressLineThree: null,
              addressCity: null,
            })
          : undefined,
    });
    await screen.findByRole('heading', { name: 'Visit to hospital' });
    expect(screen.queryByRole('button', { name: 'Change address' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure want to Change request?' });
    fireEvent.click(within(dialog).getByLabelText('Request home sample collection'));
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect((update as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('No, Address line 1'), { target: { value: '7 Temple Road' } });
    fireEvent.click(update);
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'patchOrderView' && 'serviceRequestInitiatedFor' in (call.variables.input as object))?.variables.input).toEqual({
        serviceRequestInitiatedFor: 'homecare',
        addressLineOne: '7 Temple Road',
        addressLineTwo: '',
        addressLineThree: '',
        addressCity: '',
      }),
    );
  });

  it('notes: unread hospital replies until opened, styled apart, Reply disabled while empty, a reply is sent', async () => {
    const notes = [
      { __typename: 'ServiceRequestNote', id: 'n-1', authorReference: `Patient/${PATIENT_ID}`, authorDisplay: 'Nuwan', time: '2026-11-20T07:05:00.000Z', text: 'Please deliver after 5' },
      { __typename: 'ServiceRequestNote', id: 'n-2', authorReference: 'User/pharmacist-1', authorDisplay: 'Pharmacist', time: '2026-11-21T07:05:00.000Z', text: 'One item is out of stock' },
    ];
    const { calls } = await renderView({
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest({ note: notes }) : undefined),
    });
    const toggle = await screen.findByRole('button', { name: /Chat with hospital/ });
    expect(toggle.textContent).toContain('1 new reply');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.textContent).not.toContain('new reply');
    expect(screen.getByText('One item is out of stock').closest('li')?.className).toContain('order-note--staff');
    expect(screen.getByText('Please deliver after 5').closest('li')?.className).toContain('order-note--patient');
    const reply = screen.getByRole('button', { name: 'Reply' });
    expect((reply as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Type any additional notes here and send reply'), { target: { value: 'Fine, thanks' } });
    expect((reply as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(reply);
    await waitFor(() =>
      expect(calls.some((call) => call.operationName === 'patchOrderView' && (call.variables.input as { note?: string }).note === 'Fine, thanks')).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Not now' })).toBeTruthy();
  });

  it('notes: a photo is uploaded, recorded as a document and attached to the order; a refused file says why', async () => {
    const blobCalls: { url: string; type: string | null }[] = [];
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      blobCalls.push({ url: String(url), type: headers.get('Content-Type') });
      return new Response('', { status: 201, headers: { 'x-blobdata-id': 'blob-9' } });
    });
    const { calls } = await renderView({
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest() : undefined),
    });
    fireEvent.click(await screen.findByRole('button', { name: /Chat with hospital/ }));
    const input = document.querySelector<HTMLInputElement>('.order-notes__attach input[type="file"]');
    expect(input?.accept).toBe('image/*');
    fireEvent.change(input as HTMLInputElement, { target: { files: [new File(['fake'], 'tool.exe', { type: 'application/x-msdownload' })] } });
    await screen.findByText('Only images and PDF files can be uploaded');
    expect(blobCalls).toEqual([]);
    fireEvent.change(input as HTMLInputElement, { target: { files: [pngFile('rash.png')] } });
    await waitFor(() =>
      expect(calls.find((call) => call.operationName === 'patchOrderView' && 'documentReferenceIds' in (call.variables.input as object))?.variables.input).toEqual({
        documentReferenceIds: ['doc-9'],
      }),
    );
    expect(blobCalls).toEqual([{ url: '/blob/put', type: 'image/png' }]);
    expect(calls.find((call) => call.operationName === 'createOrderNoteDocument')?.variables).toMatchObject({
      blobId: 'blob-9',
      contentType: 'image/png',
      patientId: PATIENT_ID,
    });
  });

  it('notes: a photo over 1 MB is compressed in the worker; a stale version (ARO-E6002) reads the order again and attaches once more', async () => {
    const blobCalls: { size: number }[] = [];
    vi.stubGlobal('fetch', async (_url: string, init?: RequestInit) => {
      blobCalls.push({ size: (init?.body as Blob).size });
      return new Response('', { status: 201, headers: { 'x-blobdata-id': 'blob-9' } });
    });
    // The compression worker answers a 300 kB JPEG.
    const compressed: unknown[] = [];
    class FakeWorker {
      private onMessage: ((event: { data: unknown }) => void) | null = null;
      addEventListener(type: string, listener: (event: { data: unknown }) => void) {
        if (type === 'message') {
          this.onMessage = listener;
        }
      }
      postMessage(request: { maxBytes: number; maxDimensionPx: number }) {
        compressed.push({ maxBytes: request.maxBytes, maxDimensionPx: request.maxDimensionPx });
        const small = new File([new Uint8Array(300_000)], 'small.jpg', { type: 'image/jpeg' });
        setTimeout(() => this.onMessage?.({ data: { kind: 'done', file: small } }), 0);
      }
      terminate() {}
    }
    vi.stubGlobal('Worker', FakeWorker);
    let version = 3;
    const { calls } = await renderView({
      answer: (call) => {
        if (call.operationName === 'orderView') {
          return serviceRequest({ version });
        }
        if (call.operationName === 'patchOrderView' && 'documentReferenceIds' in (call.variables.input as object) && call.variables.expectedVersion === 3) {
          // A staff action changed the order meanwhile.
          version = 4;
          return { data: null, errors: [{ message: 'ARO-E6002:This order was changed by someone else', extensions: { code: 'ARO-E6002' } }] };
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Chat with hospital/ }));
    const input = document.querySelector<HTMLInputElement>('.order-notes__attach input[type="file"]');
    const bytes = new Uint8Array(2_500_000).fill(0x11);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    bytes.set([0xff, 0xd9], bytes.length - 2);
    fireEvent.change(input as HTMLInputElement, { target: { files: [new File([bytes], 'camera.jpg', { type: 'image/jpeg' })] } });
    const attaches = () => calls.filter((call) => call.operationName === 'patchOrderView' && 'documentReferenceIds' in (call.variables.input as object));
    await waitFor(() => expect(attaches()).toHaveLength(2));
    expect(compressed).toEqual([{ maxBytes: 1024 * 1024, maxDimensionPx: 1920 }]);
    expect(blobCalls).toEqual([{ size: 300_000 }]);
    expect(calls.filter((call) => call.operationName === 'createOrderNoteDocument')).toHaveLength(1);
    const [first, second] = attaches();
    expect(first?.variables.expectedVersion).toBe(3);
    expect(second?.variables.expectedVersion).toBe(4);
    expect(second?.variables.input).toEqual({ documentReferenceIds: ['doc-9'] });
    expect(second?.variables.idempotencyKey).not.toBe(first?.variables.idempotencyKey);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('notes: a reply refused for a stale version (ARO-E6002) is sent again once with the version read again', async () => {
    let version = 3;
    const { calls } = await renderView({
      answer: (call) => {
        if (call.operationName === 'orderView') {
          return serviceRequest({ version });
        }
        if (call.operationName === 'patchOrderView' && 'note' in (call.variables.input as object) && call.variables.expectedVersion === 3) {
          version = 5;
          return { data: null, errors: [{ message: 'ARO-E6002:This order was changed by someone else', extensions: { code: 'ARO-E6002' } }] };
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Chat with hospital/ }));
    fireEvent.change(screen.getByPlaceholderText('Type any additional notes here and send reply'), { target: { value: 'Is it ready?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reply' }));
    const notes = () => calls.filter((call) => call.operationName === 'patchOrderView' && 'note' in (call.variables.input as object));
    await waitFor(() => expect(notes().map((call) => call.variables.expectedVersion)).toEqual([3, 5]));
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLTextAreaElement>('Type any additional notes here and send reply').value).toBe(''));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('notes: Try again after a failed attach sends the same patch again, without a second upload or document', async () => {
    let blobPuts = 0;
    vi.stubGlobal('fetch', async () => {
      blobPuts += 1;
      return new Response('', { status: 201, headers: { 'x-blobdata-id': 'blob-9' } });
    });
    let refuse = true;
    const { calls } = await renderView({
      answer: (call) => {
        if (call.operationName === 'orderView') {
          return serviceRequest();
        }
        if (call.operationName === 'patchOrderView' && 'documentReferenceIds' in (call.variables.input as object) && refuse) {
          refuse = false;
          return { data: null, errors: [{ message: 'ARO-E2005:Please try again', extensions: { code: 'ARO-E2005' } }] };
        }
        return undefined;
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Chat with hospital/ }));
    const input = document.querySelector<HTMLInputElement>('.order-notes__attach input[type="file"]');
    fireEvent.change(input as HTMLInputElement, { target: { files: [pngFile('rash.png')] } });
    await screen.findByText('Please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const attaches = () => calls.filter((call) => call.operationName === 'patchOrderView' && 'documentReferenceIds' in (call.variables.input as object));
    await waitFor(() => expect(attaches()).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull());
    const [first, second] = attaches();
    expect(second?.variables).toEqual(first?.variables);
    expect(blobPuts).toBe(1);
    expect(calls.filter((call) => call.operationName === 'createOrderNoteDocument')).toHaveLength(1);
  });

  it("a completed order: the green 'Completed' banner with 'Request Another Medication', no notes block", async () => {
    await renderView({
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest({ orderStatus: 'completed', serviceRequestPaymentStatus: 'paid' }) : undefined),
    });
    await screen.findByText('Completed', { selector: '.order-banner__text' });
    expect(screen.getByRole('link', { name: 'Request Another Medication' }).getAttribute('href')).toBe('/order/create/Medication');
    expect(screen.queryByRole('button', { name: /Chat with hospital/ })).toBeNull();
  });

  it("a canceled admission: 'Admission Canceled', no request-another, and 'Admission Payment History'", async () => {
    const { calls } = await renderView({
      answer: (call) => {
        if (call.operationName === 'orderView') {
          return serviceRequest({ category: 'Finance', codeCode: 'Finance', orderStatus: 'canceled', orderCanceledReason: 'patientRequested' });
        }
        if (call.operationName === 'orderViewPayments') {
          return {
            data: {
              queryPaymentGatewayCallback: [
                { __typename: 'PaymentRecord', id: 'p-1', createdTime: '2026-11-21T08:00:00.000Z', response: { __typename: 'PaymentResponse', status: 'ACCEPT', amount: '2500.00', transactionDate: null } },
                { __typename: 'PaymentRecord', id: 'p-2', createdTime: '2026-11-21T08:00:00.000Z', response: { __typename: 'PaymentResponse', status: 'DECLINE', amount: '900.00', transactionDate: null } },
              ],
            },
          };
        }
        return undefined;
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Admission' });
    expect(screen.getByText('Admission Canceled')).toBeTruthy();
    expect(screen.getByText('Requested by the patient')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Request Another/ })).toBeNull();
    const history = screen.getByRole('region', { name: 'Admission Payment History' });
    await within(history).findByText(`2,500.00 ${baseTenantConfig.currency}`);
    expect(within(history).getByText('Not Available')).toBeTruthy();
    expect(within(history).queryByText(`900.00 ${baseTenantConfig.currency}`)).toBeNull();
    expect(calls.find((call) => call.operationName === 'orderViewPayments')?.variables).toEqual({ requestReference: `ServiceRequest/${ORDER_ID}` });
  });

  it("hands the order to the payment slot, which alone shows 'Payment success' (after checking the gateway's answer)", async () => {
    await renderView({
      path: `/order/view?orderId=${ORDER_ID}&paymentStatus=Success`,
      slot: true,
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest({ serviceRequestChargingAmount: 1500 }) : undefined),
    });
    expect((await screen.findByTestId('payment-slot')).textContent).toBe('pay 1500');
    expect(screen.queryByText('Payment success')).toBeNull();
  });

  it('follows live changes without a reload and ignores reflex_order updates', async () => {
    let scheduled = false;
    // 08:35 UTC is 02:05 PM hospital time (UTC+05:30), whatever the zone the tests run in.
    const at = '2026-11-25T08:35:00.000Z';
    const { sinks, calls } = await renderView({
      answer: (call) =>
        call.operationName === 'orderView'
          ? serviceRequest(
              scheduled
                ? { category: 'Examination', orderStatus: 'sampleCollecting', sampleCollectionUserName: 'Kamal Silva', sampleCollectionTime: at }
                : { category: 'Examination', orderStatus: 'confirming' },
            )
          : undefined,
    });
    await screen.findByRole('heading', { level: 1, name: 'Examination Order' });
    await waitFor(() => expect(sinks.has('orderViewChanged')).toBe(true));
    const reads = () => calls.filter((call) => call.operationName === 'orderView').length;
    const before = reads();
    act(() => {
      sinks.get('orderViewChanged')?.next({ data: { subscribeServiceRequest: { __typename: 'ServiceRequest', id: ORDER_ID, intent: 'reflex_order', version: 4 } } });
    });
    expect(reads()).toBe(before);
    scheduled = true;
    act(() => {
      sinks.get('orderViewChanged')?.next({ data: { subscribeServiceRequest: { __typename: 'ServiceRequest', id: ORDER_ID, intent: 'order', version: 4 } } });
    });
    const box = await screen.findByRole('region', { name: 'Sample collection scheduled' });
    expect(box.textContent).toContain('02:05 PM');
  });

  it('follows its lab report live: Testing when results are entered, Report with a link to it when issued, Amended when corrected (issue 30 §1)', async () => {
    const report = (status: string) => ({
      __typename: 'DiagnosticReport',
      id: 'report-1',
      status,
      summaryStatus: 'issued',
      serviceRequestId: ORDER_ID,
      code: { __typename: 'CodeableConcept', coding: [{ __typename: 'Coding', display: 'Full Blood Count', code: '00000001' }] },
    });
    let stage: 'arrived' | 'testing' | 'issued' | 'amended' = 'arrived';
    const lab = { category: 'Examination', codeCode: '5', serviceRequestPaymentStatus: 'paid' };
    const { sinks } = await renderView({
      answer: (call) => {
        if (call.operationName !== 'orderView') {
          return undefined;
        }
        switch (stage) {
          case 'arrived':
            return serviceRequest({ ...lab, orderStatus: 'sampleArrived' });
          case 'testing':
            return serviceRequest({ ...lab, orderStatus: 'processing', version: 4 });
          case 'issued':
            return serviceRequest({ ...lab, orderStatus: 'reportReady', version: 5, diagnosticReports: [report('final')] });
          case 'amended':
            return serviceRequest({ ...lab, orderStatus: 'reportReady', version: 5, diagnosticReports: [report('amended')] });
        }
      },
    });
    const tracker = await screen.findByRole('region', { name: 'Order progress' });
    const step = (label: string) => within(tracker).getByText(label).closest('li')?.textContent ?? '';
    expect(step('Testing')).toBe('Testing: in progress');
    expect(step('Report')).toBe('Report: not yet');
    expect(screen.queryByRole('region', { name: 'Your Report' })).toBeNull();
    await waitFor(() => expect(sinks.has('orderViewChanged')).toBe(true));
    const changed = (version: number) =>
      act(() => {
        sinks.get('orderViewChanged')?.next({ data: { subscribeServiceRequest: { __typename: 'ServiceRequest', id: ORDER_ID, intent: 'order', version } } });
      });

    stage = 'testing';
    changed(4);
    await waitFor(() => expect(step('Testing')).toBe('Testing: done'));
    expect(step('Report')).toBe('Report: in progress');

    stage = 'issued';
    changed(5);
    const reports = await screen.findByRole('region', { name: 'Your Report' });
    expect(step('Testing')).toBe('Testing: done');
    expect(step('Report')).toBe('Report: done');
    const link = within(reports).getByRole('link', { name: 'View Full Blood Count' });
    expect(link.getAttribute('href')).toBe(`/resultsGraph/?patientId=${PATIENT_ID}&code=00000001`);
    expect(within(reports).getByText('Issued')).toBeTruthy();

    stage = 'amended';
    changed(5);
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Your Report' })).getByText('Amended')).toBeTruthy());
  });

  it('opens the relationship prompt 5000 ms after a fresh order is created for a profile without one', async () => {
    const opened: string[] = [];
    await renderView({
      profile: patient({ relationship: null }),
      picker: (props) => {
        if (props.open) {
          opened.push(props.classifyingId ?? '');
        }
        return props.open ? <p>prompt open</p> : null;
      },
      answer: (call) =>
        call.operationName === 'orderView'
          ? serviceRequest({ heartbeatLinkSeen: false, createdTime: new Date(Date.now() - 4800).toISOString() })
          : undefined,
    });
    await screen.findByRole('heading', { level: 1, name: 'Medication Order' });
    await screen.findByText('prompt open', undefined, { timeout: 3000 });
    expect(opened[0]).toBe(PATIENT_ID);
  });

  it('still opens the relationship prompt at 5000 ms when live updates replace the order meanwhile', async () => {
    // Fake timers that still move with real time, so the screen's fetches settle; the 5000 ms are advanced by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const createdTime = new Date(Date.now()).toISOString();
      let status = 'new';
      const { sinks, calls } = await renderView({
        profile: patient({ relationship: null }),
        picker: (props) => (props.open ? <p>prompt open</p> : null),
        answer: (call) =>
          call.operationName === 'orderView' ? serviceRequest({ heartbeatLinkSeen: false, createdTime, orderStatus: status }) : undefined,
      });
      await screen.findByRole('heading', { level: 1, name: 'Medication Order' });
      await waitFor(() => expect(sinks.has('orderViewChanged')).toBe(true));
      // The hospital confirms the order: a live update, a refetch, a new order object.
      const reads = calls.filter((call) => call.operationName === 'orderView').length;
      status = 'confirming';
      act(() => {
        sinks.get('orderViewChanged')?.next({ data: { subscribeServiceRequest: { __typename: 'ServiceRequest', id: ORDER_ID, intent: 'order', version: 4 } } });
      });
      await waitFor(() => expect(calls.filter((call) => call.operationName === 'orderView').length).toBeGreaterThan(reads));
      await waitFor(() => expect(document.querySelector('.order-chip--confirming')).not.toBeNull());
      expect(screen.queryByText('prompt open')).toBeNull();
      act(() => {
        vi.advanceTimersByTime(5000);
      });
      expect(await screen.findByText('prompt open')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not prompt on an older order', async () => {
    await renderView({
      profile: patient({ relationship: null }),
      picker: (props) => (props.open ? <p>prompt open</p> : null),
      answer: (call) => (call.operationName === 'orderView' ? serviceRequest({ heartbeatLinkSeen: true }) : undefined),
    });
    await screen.findByRole('heading', { level: 1, name: 'Medication Order' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByText('prompt open')).toBeNull();
  });
});
