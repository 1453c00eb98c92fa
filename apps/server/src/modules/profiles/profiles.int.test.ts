import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { accounts, loyaltyAccounts, patients, paymentMethods } from '../../db/schema/index.ts';
import { signIn } from '../auth/auth.testing.ts';

const PATIENT_FIELDS = `id name { prefix given family } telecom { use system value } birthDate gender
  address { use line city } extension { valueId value } link hospitalId`;

const CREATE = `mutation ($name: HumanNameInput!, $birthDate: String!, $gender: String!, $extension: [ExtensionInput!], $link: [ID!], $hospitalId: ID) {
  createPatient(name: $name, birthDate: $birthDate, gender: $gender, extension: $extension, link: $link, hospitalId: $hospitalId) { ${PATIENT_FIELDS} }
}`;
const PATCH = `mutation ($id: ID!, $patches: [PatientPatchInput!]!) { patchPatient(patientId: $id, patches: $patches) { ${PATIENT_FIELDS} } }`;
const PROFILE = `{ queryOneProfile { id identifier status mobileNo bookingReqId defaultPaymentMethod hasPaymentMethod
  patients { ${PATIENT_FIELDS} }
  paymentMethods { id type status cardExpiry cardType cardNumber defaultMethod }
  loyaltyAccounts { id patientId patientRelationship name activePoints rate } } }`;
const DELETE_CARD = 'mutation ($id: ID!) { deletePaymentMethod(id: $id) }';
const DEFAULT_CARD = 'mutation ($id: ID!) { setDefaultPaymentMethod(id: $id) }';

type Patient = {
  id: string;
  name: { prefix: string; given: string[]; family: string };
  birthDate: string | null;
  gender: string;
  address: { use: string; line: string[]; city: string | null } | null;
  extension: { valueId: string; value: string | null }[];
  link: string[];
  telecom: { value: string }[];
};
type Profile = {
  id: string;
  mobileNo: string;
  defaultPaymentMethod: string | null;
  hasPaymentMethod: boolean;
  patients: Patient[];
  paymentMethods: { id: string; cardNumber: string | null; defaultMethod: boolean }[];
  loyaltyAccounts: { patientId: string; patientRelationship: string | null; activePoints: number; rate: number }[];
};

const me = {
  name: { prefix: 'Mr', given: ['Nimal'], family: 'Perera' },
  birthDate: '1985-04-09',
  gender: 'male',
  extension: [{ valueId: 'relationship', value: 'Me' }],
};

describe('account and profiles', () => {
  let t: TestApp;
  let alice: Record<string, string>;
  let bob: Record<string, string>;
  let aliceAccount: string;
  let bobAccount: string;
  let bobPatient: Patient;
  let bobCard: string;

  const as = (headers: Record<string, string>) => ({
    gql: <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
      t.gql<T>(query, variables, headers),
  });

  beforeAll(async () => {
    t = await createTestApp();
    alice = { authorization: `Bearer ${await signIn(t, '0770000001')}` };
    bob = { authorization: `Bearer ${await signIn(t, '0770000002')}` };
    const rows = await t.database.db.select().from(accounts);
    aliceAccount = rows.find((row) => row.mobileNo === '94770000001')?.id ?? '';
    bobAccount = rows.find((row) => row.mobileNo === '94770000002')?.id ?? '';
    const created = await as(bob).gql<{ createPatient: Patient }>(CREATE, {
      ...me,
      name: { prefix: 'Mrs', given: ['Kamala'], family: 'Silva' },
      gender: 'female',
    });
    bobPatient = created.data?.createPatient as Patient;
    const [card] = await t.database.db
      .insert(paymentMethods)
      .values({ tenantId: 'careline-demo', accountId: bobAccount, cardNumber: '522222XXXXXX2222', cardType: '002' })
      .returning();
    bobCard = card?.id ?? '';
    await t.database.db.update(accounts).set({ defaultPaymentMethodId: bobCard }).where(eq(accounts.id, bobAccount));
  });
  afterAll(async () => {
    await t.close();
  });

  it('asks for a login without a token (ARO-E1023) and refuses an unknown or ended one (ARO-E1022)', async () => {
    expect((await t.gql(PROFILE)).errors?.[0]?.message).toBe('ARO-E1023:Please login');
    const bogus = await t.gql(PROFILE, {}, { authorization: `Bearer ${'x'.repeat(43)}` });
    expect(bogus.errors?.[0]?.message).toBe('ARO-E1022:Authentication failed');
    const token = await signIn(t, '0770000009');
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.gql(PROFILE, {}, headers)).errors).toBeUndefined();
    await t.gql('mutation { logout }', {}, headers);
    expect((await t.gql(PROFILE, {}, headers)).errors?.[0]?.message).toBe('ARO-E1022:Authentication failed');
    const mutation = await t.gql(CREATE, me, headers);
    expect(mutation.errors?.[0]?.message).toMatch(/^ARO-E102[23]:/);
  });

  it('does not accept a token on another tenant', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', host: 'first.localhost', ...alice },
      payload: { query: PROFILE },
    });
    expect(response.json<{ errors: { message: string }[] }>().errors[0]?.message).toBe(
      'ARO-E1022:Authentication failed',
    );
  });

  it('creates a profile and returns it, and the profile lists it at once', async () => {
    const created = await as(alice).gql<{ createPatient: Patient }>(CREATE, {
      ...me,
      name: { prefix: 'Mr', given: ['Nimal', 'Kumar'], family: 'Perera' },
    });
    expect(created.errors).toBeUndefined();
    const patient = created.data?.createPatient;
    expect(patient).toMatchObject({
      name: { prefix: 'Mr', given: ['Nimal', 'Kumar'], family: 'Perera' },
      birthDate: '1985-04-09',
      gender: 'male',
      extension: [{ valueId: 'relationship', value: 'Me' }],
      telecom: [{ value: '94770000001' }],
      address: null,
      link: [],
    });
    const profile = await as(alice).gql<{ queryOneProfile: Profile }>(PROFILE);
    expect(profile.data?.queryOneProfile.mobileNo).toBe('94770000001');
    expect(profile.data?.queryOneProfile.patients.map((p) => p.id)).toContain(patient?.id);
    expect(profile.data?.queryOneProfile.patients.map((p) => p.id)).not.toContain(bobPatient.id);
  });

  it.each([
    [{ name: { prefix: '', given: ['A'], family: 'B' } }, 'Please select your name prefix (Mr, Ms?)'],
    [{ name: { prefix: 'Dr', given: ['A'], family: 'B' } }, 'Please select your name prefix (Mr, Ms?)'],
    [{ name: { prefix: 'Mrs', given: ['A'], family: 'B' } }, 'invalid prefix match gender'],
    [{ name: { prefix: 'Mr', given: ['A'], family: 'B' }, gender: 'female' }, 'invalid prefix match gender'],
    [{ name: { prefix: 'Mr', given: [' '], family: 'B' } }, 'We need your given name!'],
    [{ name: { prefix: 'Mr', given: ['A'], family: '' } }, 'We need your family name!'],
    [{ gender: 'unknown' }, 'We need your gender!'],
    // issue 6 §4.7, issue 7 §5: the form's rule (patientFormInput), with the form's message
    [{ name: { prefix: 'Mr', given: ['N'.repeat(101)], family: 'Perera' } }, 'Names may have at most 100 characters'],
    [{ name: { prefix: 'Mr', given: ['Nimal'], family: 'P'.repeat(101) } }, 'Names may have at most 100 characters'],
    [{ birthDate: '1900-05-05' }, 'Your date of birth, year should be valid'],
    [{ birthDate: '2999-05-05' }, 'Your date of birth, year should be valid'],
    [{ birthDate: '1990-13-05' }, 'Your date of birth, month should be valid'],
    [{ birthDate: '1990-02-31' }, 'Your date of birth, date should be valid'],
    [{ birthDate: '05/05/1990' }, 'birthDate must be YYYY-MM-DD'],
    [{ extension: [{ valueId: 'relationship', value: 'Cousin' }] }, 'Unknown relationship: Cousin'],
    [{ extension: [{ valueId: 'nickname', value: 'x' }] }, 'Unknown extension: nickname'],
    [{ hospitalId: randomUUID() }, 'Unknown hospital'],
  ])('refuses %j with ARO-E2002 and writes nothing', async (change, message) => {
    const before = await t.database.db.select().from(patients);
    const result = await as(alice).gql(CREATE, { ...me, ...change });
    expect(result.errors?.[0]?.message).toBe(`ARO-E2002:${message}`);
    expect(await t.database.db.select().from(patients)).toHaveLength(before.length);
  });

  it('refuses a birth date after today', async () => {
    const tomorrow = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const result = await as(alice).gql(CREATE, { ...me, birthDate: tomorrow });
    expect(result.errors?.[0]?.message).toMatch(/^ARO-E2002:Your date of birth, (date|year) should be valid$/);
  });

  it('patches name, gender, birth date, address, relationship and links in one go', async () => {
    const mother = (
      await as(alice).gql<{ createPatient: Patient }>(CREATE, {
        ...me,
        name: { prefix: 'Mrs', given: ['Sita'], family: 'Perera' },
        gender: 'female',
        birthDate: '1960-01-01',
        extension: [{ valueId: 'relationship', value: 'Mother' }],
      })
    ).data?.createPatient as Patient;
    const child = (
      await as(alice).gql<{ createPatient: Patient }>(CREATE, {
        ...me,
        name: { prefix: 'Baby', given: ['Amal'], family: 'Perera' },
        birthDate: '2020-06-30',
        extension: [],
        link: [mother.id],
      })
    ).data?.createPatient as Patient;
    expect(child.link).toEqual([mother.id]);
    expect(child.extension).toEqual([]);
    const patched = await as(alice).gql<{ patchPatient: Patient }>(PATCH, {
      id: child.id,
      patches: [
        { op: 'replace', path: 'name', value: { prefix: 'Miss', given: ['Amali'], family: 'Perera' } },
        { op: 'replace', path: 'gender', value: 'female' },
        { op: 'replace', path: 'birthDate', value: '2019-06-30' },
        { op: 'replace', path: 'address', value: { use: 'home', line: ['1 Main St', '', 'Near temple'], city: 'Kandy' } },
        { op: 'replace', path: 'extension', value: { valueId: 'relationship', value: 'Daughter' } },
        { op: 'remove', path: 'link', value: [mother.id] },
      ],
    });
    expect(patched.errors).toBeUndefined();
    expect(patched.data?.patchPatient).toMatchObject({
      name: { prefix: 'Miss', given: ['Amali'], family: 'Perera' },
      gender: 'female',
      birthDate: '2019-06-30',
      address: { use: 'home', line: ['1 Main St', 'Near temple'], city: 'Kandy' },
      extension: [{ valueId: 'relationship', value: 'Daughter' }],
      link: [],
    });
    const removed = await as(alice).gql<{ patchPatient: Patient }>(PATCH, {
      id: child.id,
      patches: [
        { op: 'remove', path: 'address' },
        { op: 'remove', path: 'extension', value: { valueId: 'relationship' } },
      ],
    });
    expect(removed.data?.patchPatient.address).toBeNull();
    expect(removed.data?.patchPatient.extension).toEqual([]);
  });

  it('accepts only relationship (extension) patches where the tenant has editProfile off', async () => {
    // first.localhost is the demo tenant with editProfile off (spec doc 1 §6).
    const host = { host: 'first.localhost' };
    const carol = { ...host, authorization: `Bearer ${await signIn(t, '0770000031', host)}` };
    const created = await as(carol).gql<{ createPatient: Patient }>(CREATE, {
      ...me,
      name: { prefix: 'Mr', given: ['Sunil'], family: 'Fernando' },
      extension: [],
    });
    expect(created.errors).toBeUndefined();
    const id = created.data?.createPatient.id ?? '';
    const refused = await as(carol).gql<{ patchPatient: Patient }>(PATCH, {
      id,
      patches: [
        { op: 'replace', path: 'extension', value: { valueId: 'relationship', value: 'Father' } },
        { op: 'replace', path: 'name', value: { prefix: 'Mr', given: ['Other'], family: 'Name' } },
      ],
    });
    expect(refused.errors?.map((error) => error.message)).toEqual([
      'ARO-E2002:Editing profiles is not available',
    ]);
    const classified = await as(carol).gql<{ patchPatient: Patient }>(PATCH, {
      id,
      patches: [
        { op: 'replace', path: 'extension', value: { valueId: 'relationship', value: 'Father' } },
      ],
    });
    expect(classified.errors).toBeUndefined();
    expect(classified.data?.patchPatient).toMatchObject({
      name: { prefix: 'Mr', given: ['Sunil'], family: 'Fernando' },
      extension: [{ valueId: 'relationship', value: 'Father' }],
    });
  });

  it('applies no patch of a list when one is bad', async () => {
    const brother = { ...me, extension: [{ valueId: 'relationship', value: 'Brother' }] };
    const created = (await as(alice).gql<{ createPatient: Patient }>(CREATE, brother)).data?.createPatient as Patient;
    const [before] = await t.database.db.select().from(patients).where(eq(patients.id, created.id));
    for (const [bad, message] of [
      [{ op: 'replace', path: 'address', value: { line: ['a', 'b', 'c', 'd'] } }, 'An address has at most 3 lines'],
      [{ op: 'replace', path: 'gender', value: 'female' }, 'invalid prefix match gender'],
      [{ op: 'remove', path: 'name' }, 'The name cannot be removed'],
      [{ op: 'replace', path: 'photo', value: 'x' }, 'Unknown patch path: photo'],
      [{ op: 'move', path: 'name', value: 'x' }, 'Unknown patch op: move'],
      [{ op: 'replace', path: 'birthDate', value: '1899-12-31' }, 'Your date of birth, year should be valid'],
    ] as const) {
      const result = await as(alice).gql(PATCH, {
        id: created.id,
        patches: [{ op: 'replace', path: 'name', value: { prefix: 'Mr', given: ['Changed'], family: 'Name' } }, bad],
      });
      expect(result.errors?.[0]?.message).toBe(`ARO-E2002:${message}`);
    }
    const [after] = await t.database.db.select().from(patients).where(eq(patients.id, created.id));
    expect(after).toEqual(before);
  });

  it('keeps one person per single role: a second Me is refused, another record of the same person is not', async () => {
    const dave = { authorization: `Bearer ${await signIn(t, '0770000041')}` };
    const create = async (relationship: string, given: string, link: string[] = []) =>
      as(dave).gql<{ createPatient: Patient }>(CREATE, {
        ...me,
        name: { prefix: 'Mr', given: [given], family: 'Perera' },
        extension: [{ valueId: 'relationship', value: relationship }],
        link,
      });
    const self = (await create('Me', 'Nimal')).data?.createPatient as Patient;
    const [selfRow] = await t.database.db.select().from(patients).where(eq(patients.id, self.id));
    const rowsOf = () => t.database.db.select().from(patients).where(eq(patients.accountId, selfRow?.accountId ?? ''));
    const before = await rowsOf();

    for (const relationship of ['Me', 'Father']) {
      if (relationship === 'Father') {
        expect((await create('Father', 'Sunil')).errors).toBeUndefined();
      }
      const second = await create(relationship, 'Kasun');
      expect(second.errors?.map((error) => error.message)).toEqual([
        `ARO-E2003:Only one person in an account can be ${relationship}. Choose another relationship`,
      ]);
    }
    expect(await rowsOf()).toHaveLength(before.length + 1);

    // The same person registered at another hospital: a record linked to the first may be Me too.
    const elsewhere = await create('Me', 'Nimal', [self.id]);
    expect(elsewhere.errors).toBeUndefined();

    // Two distinct people may share a multiple-roles label; neither may become Me by a patch.
    const sister1 = (await create('Sister', 'Nimali')).data?.createPatient as Patient;
    const sister2 = (await create('Sister', 'Anne')).data?.createPatient as Patient;
    expect(sister2.id).not.toBe(sister1.id);
    const promoted = await as(dave).gql(PATCH, {
      id: sister2.id,
      patches: [{ op: 'replace', path: 'extension', value: { valueId: 'relationship', value: 'Me' } }],
    });
    expect(promoted.errors?.[0]?.message).toMatch(/^ARO-E2003:/);
    // Nor by unlinking: the second Me record would then be another person.
    const unlinked = await as(dave).gql(PATCH, {
      id: elsewhere.data?.createPatient.id,
      patches: [{ op: 'remove', path: 'link' }],
    });
    expect(unlinked.errors?.[0]?.message).toMatch(/^ARO-E2003:/);
    // Editing one sister's name changes only her.
    const renamed = await as(dave).gql(PATCH, {
      id: sister1.id,
      patches: [{ op: 'replace', path: 'name', value: { prefix: 'Ms', given: ['Nimasha'], family: 'Perera' } }],
    });
    expect(renamed.errors).toBeUndefined();
    const rows = await rowsOf();
    expect(rows.find((row) => row.id === sister2.id)?.givenName).toBe('Anne');
    expect(rows.find((row) => row.id === self.id)).toMatchObject({ prefix: 'Mr', givenName: 'Nimal' });
  });

  it('lets two single-role creations race and keeps one', async () => {
    const erin = { authorization: `Bearer ${await signIn(t, '0770000042')}` };
    const results = await Promise.all(
      ['Asha', 'Bimali'].map((given) =>
        as(erin).gql<{ createPatient: Patient }>(CREATE, {
          ...me,
          name: { prefix: 'Mrs', given: [given], family: 'Perera' },
          gender: 'female',
          extension: [{ valueId: 'relationship', value: 'Wife' }],
        }),
      ),
    );
    expect(results.filter((result) => result.errors === undefined)).toHaveLength(1);
    expect(results.filter((result) => result.errors?.[0]?.message.startsWith('ARO-E2003:'))).toHaveLength(1);
  });

  it("answers ARO-E2001 for another account's ids, as for missing ones, and changes nothing", async () => {
    const notFound = 'ARO-E2001:The requested record was not found';
    const bobRowsBefore = await t.database.db.select().from(patients).where(eq(patients.accountId, bobAccount));
    const bobCardsBefore = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, bobAccount));
    const aliceBefore = await t.database.db.select().from(patients).where(eq(patients.accountId, aliceAccount));
    const [aliceAccountBefore] = await t.database.db.select().from(accounts).where(eq(accounts.id, aliceAccount));
    const answers: string[] = [];
    for (const id of [bobPatient.id, randomUUID(), 'not-an-id']) {
      const patched = await as(alice).gql(PATCH, {
        id,
        patches: [{ op: 'replace', path: 'name', value: { prefix: 'Mr', given: ['Mallory'], family: 'X' } }],
      });
      answers.push(patched.errors?.[0]?.message ?? 'no error');
      const linked = await as(alice).gql(CREATE, { ...me, link: [id] });
      answers.push(linked.errors?.[0]?.message ?? 'no error');
    }
    const own = aliceBefore[0];
    if (!own) {
      throw new Error('alice has no patient');
    }
    const linkPatch = await as(alice).gql(PATCH, {
      id: own.id,
      patches: [{ op: 'add', path: 'link', value: [bobPatient.id] }],
    });
    answers.push(linkPatch.errors?.[0]?.message ?? 'no error');
    for (const id of [bobCard, randomUUID(), 'nope']) {
      answers.push((await as(alice).gql(DELETE_CARD, { id })).errors?.[0]?.message ?? 'no error');
      answers.push((await as(alice).gql(DEFAULT_CARD, { id })).errors?.[0]?.message ?? 'no error');
    }
    expect(new Set(answers)).toEqual(new Set([notFound]));
    expect(await t.database.db.select().from(patients).where(eq(patients.accountId, bobAccount))).toEqual(bobRowsBefore);
    expect(
      await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.accountId, bobAccount)),
    ).toEqual(bobCardsBefore);
    expect(await t.database.db.select().from(patients).where(eq(patients.accountId, aliceAccount))).toEqual(aliceBefore);
    const [aliceAccountAfter] = await t.database.db.select().from(accounts).where(eq(accounts.id, aliceAccount));
    expect(aliceAccountAfter).toEqual(aliceAccountBefore);
    const [bobAccountRow] = await t.database.db.select().from(accounts).where(eq(accounts.id, bobAccount));
    expect(bobAccountRow?.defaultPaymentMethodId).toBe(bobCard);
  });

  it('lists masked cards, sets the default and deletes a card', async () => {
    const inserted = await t.database.db
      .insert(paymentMethods)
      .values([
        { tenantId: 'careline-demo', accountId: aliceAccount, cardNumber: '4111111111111111', cardType: '001', cardExpiry: '12-2030', gatewayToken: 'tok_1' },
        { tenantId: 'careline-demo', accountId: aliceAccount, cardNumber: '522222XXXXXX2222', cardType: '002', cardExpiry: '01-2031', gatewayToken: 'tok_2' },
      ])
      .returning();
    const [visa, master] = inserted.map((row) => row.id);
    let profile = (await as(alice).gql<{ queryOneProfile: Profile }>(PROFILE)).data?.queryOneProfile as Profile;
    expect(profile.hasPaymentMethod).toBe(true);
    expect(profile.defaultPaymentMethod).toBeNull();
    expect(profile.paymentMethods.map((card) => card.cardNumber).sort()).toEqual(['411111XXXXXXXXXX', '522222XXXXXX2222']);
    expect(profile.paymentMethods.map((card) => card.id)).not.toContain(bobCard);
    expect((await as(alice).gql(DEFAULT_CARD, { id: master })).data).toEqual({ setDefaultPaymentMethod: true });
    profile = (await as(alice).gql<{ queryOneProfile: Profile }>(PROFILE)).data?.queryOneProfile as Profile;
    expect(profile.defaultPaymentMethod).toBe(master);
    expect(profile.paymentMethods.find((card) => card.id === master)?.defaultMethod).toBe(true);
    expect((await as(alice).gql(DELETE_CARD, { id: master })).data).toEqual({ deletePaymentMethod: true });
    profile = (await as(alice).gql<{ queryOneProfile: Profile }>(PROFILE)).data?.queryOneProfile as Profile;
    expect(profile.defaultPaymentMethod).toBeNull();
    expect(profile.paymentMethods.map((card) => card.id)).toEqual([visa]);
    const [deleted] = await t.database.db.select().from(paymentMethods).where(eq(paymentMethods.id, master ?? ''));
    expect(deleted?.gatewayToken).toBeNull();
    // Deleted once: a second delete is not found.
    expect((await as(alice).gql(DELETE_CARD, { id: master })).errors?.[0]?.message).toMatch(/^ARO-E2001:/);
  });

  it("lists the loyalty accounts of the account's own patients, zero points included", async () => {
    const profile = (await as(alice).gql<{ queryOneProfile: Profile }>(PROFILE)).data?.queryOneProfile as Profile;
    const mine = profile.patients.find((p) => p.extension.some((e) => e.value === 'Me'));
    if (!mine) {
      throw new Error('no Me profile');
    }
    await t.database.db.insert(loyaltyAccounts).values([
      { tenantId: 'careline-demo', patientId: mine.id, name: 'Careline Points', activePoints: 0, rate: 2 },
      { tenantId: 'careline-demo', patientId: mine.id, name: 'Pharmacy Points', activePoints: 120, rate: 1.5 },
      { tenantId: 'careline-demo', patientId: bobPatient.id, name: 'Careline Points', activePoints: 999, rate: 2 },
    ]);
    const after = (await as(alice).gql<{ queryOneProfile: Profile }>(PROFILE)).data?.queryOneProfile as Profile;
    expect([...after.loyaltyAccounts].sort((a, b) => a.activePoints - b.activePoints)).toEqual([
      expect.objectContaining({ patientId: mine.id, patientRelationship: 'Me', activePoints: 0, rate: 2 }),
      expect.objectContaining({ patientId: mine.id, patientRelationship: 'Me', activePoints: 120, rate: 1.5 }),
    ]);
    const bobs = await t.database.db
      .select()
      .from(loyaltyAccounts)
      .where(and(eq(loyaltyAccounts.patientId, bobPatient.id), eq(loyaltyAccounts.activePoints, 999)));
    expect(bobs).toHaveLength(1);
  });
});
