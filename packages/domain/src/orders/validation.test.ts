import { describe, expect, it } from 'vitest';
import {
  cancelOrderInput,
  changeOrderAddressInput,
  changeOrderInitiatedForInput,
  chooseOrderPaymentMethodInput,
  createOrderInput,
  moveOrderStatusInput,
  orderNoteInput,
  scheduleSampleCollectionInput,
  setOrderChargeInput,
  setOrderEstimatedTimeInput,
} from './order-inputs.ts';
import {
  ORDER_IMAGE_COMPRESSION,
  ORDER_UPLOAD_ACCEPT,
  ORDER_UPLOAD_LIMIT_AS_WRITTEN,
  ORDER_UPLOAD_MAX_BYTES,
  SAMPLE_COLLECTION_DATE_CHOICES,
  isSampleCollectionDateChoice,
  needsCompression,
  needsProfileChoice,
  orderSubmitBlock,
  orderUploadRefusal,
  sampleCollectionDateChoices,
  uploadLimitText,
  type OrderDraft,
} from './validation.ts';

const HOME = {
  addressLineOne: '12 Galle Road',
  addressLineTwo: 'Kollupitiya',
  addressLineThree: 'Near the temple',
  addressCity: 'Colombo',
};
const NO_ADDRESS = {
  addressLineOne: '',
  addressLineTwo: '',
  addressLineThree: ' ',
  addressCity: '',
};
const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const MB = 1024 * 1024;

function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | undefined {
  return result.error?.issues[0]?.message;
}

describe('uploads (spec doc 3 §2, §5, §9)', () => {
  it('allow 10 MiB per file: the server default BLOB_MAX_BYTES; the spec’s bare 250 kept as written', () => {
    expect(ORDER_UPLOAD_MAX_BYTES).toBe(10_485_760);
    expect(ORDER_UPLOAD_LIMIT_AS_WRITTEN).toBe(250);
    expect(uploadLimitText()).toBe('10 MB');
    expect(uploadLimitText(1.5 * MB)).toBe('1.5 MB');
  });

  it('accept image/* and application/pdf, compressing images over 1 MB to 1 MB and 1920 px', () => {
    expect(ORDER_UPLOAD_ACCEPT).toEqual({ image: 'image/*', pdf: 'application/pdf' });
    expect(ORDER_IMAGE_COMPRESSION).toEqual({
      thresholdBytes: MB,
      maxBytes: MB,
      maxDimensionPx: 1920,
    });
    expect(needsCompression({ size: MB + 1, type: 'image/jpeg' })).toBe(true);
    expect(needsCompression({ size: MB, type: 'image/jpeg' })).toBe(false);
    expect(needsCompression({ size: 5 * MB, type: 'application/pdf' })).toBe(false);
  });

  it.each([
    [{ size: 0, type: 'image/jpeg' }, 'ARO-E3001'],
    [{ size: 500, type: 'application/x-msdownload' }, 'ARO-E3002'],
    [{ size: 500, type: '' }, 'ARO-E3002'],
    [{ size: 500, type: 'image/svg+xml' }, 'ARO-E3002'],
    [{ size: ORDER_UPLOAD_MAX_BYTES + 1, type: 'application/pdf' }, 'ARO-E3003'],
    [{ size: ORDER_UPLOAD_MAX_BYTES, type: 'application/pdf' }, null],
    [{ size: 800_000, type: 'image/jpeg' }, null],
    [{ size: 800_000, type: 'IMAGE/PNG' }, null],
    [{ size: 800_000, type: 'image/heic' }, null],
  ] as const)('%o → %s', (file, code) => {
    expect(orderUploadRefusal(file)).toBe(code);
  });
});

describe('order submit (spec doc 3 §5)', () => {
  const ready: OrderDraft = {
    uploading: false,
    documentCount: 2,
    initiatedFor: 'homecare',
    address: HOME,
    organizationId: UUID(1),
    patientId: UUID(2),
  };

  it.each([
    [{}, null],
    [{ uploading: true }, 'ARO-E6025'],
    [{ documentCount: 0 }, 'ARO-E6023'],
    [{ address: NO_ADDRESS }, 'ARO-E6018'],
    [{ address: NO_ADDRESS, initiatedFor: 'appointment' }, null],
    [{ organizationId: null }, 'ARO-E6022'],
    [{ uploading: true, documentCount: 0, organizationId: null }, 'ARO-E6025'],
  ] as const)('%o → %s', (overrides, code) => {
    expect(orderSubmitBlock({ ...ready, ...overrides })).toBe(code);
  });

  it('an admission request (Finance) needs no document and no address, still a hospital', () => {
    const admission = { ...ready, category: 'Finance' as const, documentCount: 0, address: { addressLineOne: '', addressLineTwo: '', addressLineThree: '', addressCity: '' } };
    expect(orderSubmitBlock(admission)).toBeNull();
    expect(orderSubmitBlock({ ...admission, organizationId: null })).toBe('ARO-E6022');
    expect(orderSubmitBlock({ ...admission, uploading: true })).toBe('ARO-E6025');
  });

  it('a missing profile opens the profile modal instead of disabling submit', () => {
    expect(orderSubmitBlock({ ...ready, patientId: null })).toBeNull();
    expect(needsProfileChoice({ patientId: null })).toBe(true);
    expect(needsProfileChoice({ patientId: UUID(2) })).toBe(false);
  });
});

describe('sample collection dates (spec doc 3 §5, §9)', () => {
  it('are 7: today, tomorrow and the following 5 days, in the hospital’s time zone', () => {
    expect(SAMPLE_COLLECTION_DATE_CHOICES).toBe(7);
    // 20:00 UTC on 30 Nov is already 1 Dec in Colombo (UTC+05:30).
    expect(sampleCollectionDateChoices(new Date('2026-11-30T20:00:00Z'))).toEqual([
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
      '2026-12-07',
    ]);
    expect(sampleCollectionDateChoices(new Date('2026-11-30T20:00:00Z'), 'UTC')[0]).toBe(
      '2026-11-30',
    );
  });

  it.each([
    ['2026-11-24T10:00:00+05:30', true],
    ['2026-11-30T23:59:00+05:30', true],
    ['2026-12-01T00:30:00+05:30', false],
    ['2026-11-23T23:00:00+05:30', false],
    ['not a date', false],
  ])('%s is a choice: %s', (requested, ok) => {
    expect(
      isSampleCollectionDateChoice(new Date(requested), new Date('2026-11-24T03:00:00Z')),
    ).toBe(ok);
  });
});

describe('createOrderInput', () => {
  const valid = {
    patientId: UUID(1),
    category: 'Medication',
    organizationId: UUID(2),
    documentReferenceIds: [UUID(3), UUID(4)],
    ...HOME,
  };

  it('accepts a home medication order and fills the defaults', () => {
    const parsed = createOrderInput.parse(valid);
    expect(parsed).toMatchObject({
      initiatedFor: 'homecare',
      diagnosticReport: [],
      procedureRequest: [],
      addressCity: 'Colombo',
    });
  });

  it('accepts a visit with no address, and an admission with no documents', () => {
    expect(
      createOrderInput.safeParse({ ...valid, ...NO_ADDRESS, initiatedFor: 'appointment' }).success,
    ).toBe(true);
    expect(
      createOrderInput.safeParse({ ...valid, category: 'Finance', documentReferenceIds: [] })
        .success,
    ).toBe(true);
  });

  it.each([
    [{ documentReferenceIds: [] }, 'ARO-E6023:Attach at least one image or document'],
    [{ ...NO_ADDRESS }, 'ARO-E6018:Enter the address'],
    [{ organizationId: 'not-a-uuid' }, 'ARO-E6022:Choose a hospital'],
    [{ documentReferenceIds: [UUID(3), UUID(3)] }, 'ARO-E2002:The request is not valid'],
  ])('refuses %o with %s', (overrides, message) => {
    expect(firstMessage(createOrderInput.safeParse({ ...valid, ...overrides }))).toBe(message);
  });

  it.each([
    [{ category: 'Admission' }],
    [{ patientId: 'p1' }],
    [{ documentReferenceIds: Array.from({ length: 21 }, (_, i) => UUID(i + 10)) }],
    [{ requestedLat: 91 }],
    [{ addressLineOne: 'x'.repeat(201) }],
    [{ addressLineOne: 'bad\u0000line' }],
    [{ sampleCollectionRequestedTime: '2026-11-25 09:30' }],
    [{ additionalNote: 'x'.repeat(1001) }],
  ])('refuses %o', (overrides) => {
    expect(createOrderInput.safeParse({ ...valid, ...overrides }).success).toBe(false);
  });
});

describe('staff and patient inputs', () => {
  it.each([
    ['2500', 250000],
    ['2500.5', 250050],
    [750.25, 75025],
  ])('setOrderChargeInput %j → %i minor', (amount, minor) => {
    expect(setOrderChargeInput.parse({ amount })).toEqual({ amount: minor });
  });

  it.each(['0', '-5', '12.345', 'abc', 0])('setOrderChargeInput refuses %j', (amount) => {
    expect(firstMessage(setOrderChargeInput.safeParse({ amount }))).toBe(
      'ARO-E6005:The charging amount must be above 0 with at most 2 decimals',
    );
  });

  it('scheduleSampleCollectionInput needs a name and an ISO time', () => {
    expect(
      scheduleSampleCollectionInput.parse({
        userName: ' Kamal ',
        time: '2026-11-25T09:30:00+05:30',
      }),
    ).toEqual({
      userName: 'Kamal',
      time: '2026-11-25T09:30:00+05:30',
    });
    expect(
      firstMessage(
        scheduleSampleCollectionInput.safeParse({ userName: ' ', time: '2026-11-25T09:30:00Z' }),
      ),
    ).toBe("ARO-E6012:Enter the sample collector's name");
    expect(
      scheduleSampleCollectionInput.safeParse({ userName: 'Kamal', time: 'tomorrow' }).success,
    ).toBe(false);
    expect(setOrderEstimatedTimeInput.safeParse({ time: '2026-11-25T16:00:00Z' }).success).toBe(
      true,
    );
  });

  it('cancel, move and payment method take only listed values', () => {
    expect(cancelOrderInput.parse({ reason: 'outOfStock' })).toEqual({ reason: 'outOfStock' });
    expect(firstMessage(cancelOrderInput.safeParse({ reason: 'bored' }))).toBe(
      'ARO-E6009:Choose a cancel reason from the list',
    );
    expect(moveOrderStatusInput.safeParse({ to: 'sampleArrived' }).success).toBe(true);
    expect(moveOrderStatusInput.safeParse({ to: 'shipped' }).success).toBe(false);
    expect(firstMessage(chooseOrderPaymentMethodInput.safeParse({ method: 'cheque' }))).toBe(
      'ARO-E6026:Choose a payment method: cash, genie or card',
    );
  });

  it('address and visit ↔ home changes', () => {
    expect(changeOrderAddressInput.parse({ ...HOME, addressCity: ' Kandy ' }).addressCity).toBe(
      'Kandy',
    );
    expect(firstMessage(changeOrderAddressInput.safeParse(NO_ADDRESS))).toBe(
      'ARO-E6018:Enter the address',
    );
    expect(changeOrderInitiatedForInput.safeParse({ to: 'appointment' }).success).toBe(true);
    expect(changeOrderInitiatedForInput.safeParse({ to: 'hospital' }).success).toBe(false);
  });

  it('notes: 1 to 1000 characters, line breaks allowed', () => {
    expect(orderNoteInput.parse({ text: ' Line one\nline two ' })).toEqual({
      text: 'Line one\nline two',
    });
    for (const text of ['', '   ', 'x'.repeat(1001), 'bad\u0007bell']) {
      expect(firstMessage(orderNoteInput.safeParse({ text }))).toBe(
        'ARO-E6020:Type a note of at most 1000 characters',
      );
    }
  });
});
