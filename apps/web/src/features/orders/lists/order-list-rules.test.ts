import { describe, expect, it } from 'vitest';
import { baseTenantConfig, deepMerge } from '@careline/domain/tenant';
import { toClientPatient, type ServerPatient } from '@careline/domain/profiles';
import {
  ORDER_LIST_CATEGORIES,
  acceptsLiveOrder,
  initialsOf,
  labProfileTiles,
  mergeLiveOrders,
  requestNewButtons,
  requestedTimeText,
} from './order-list-rules.ts';
import { ORDER_TIME_ZONE } from '../view/order-view-model.ts';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 23, hour)).toISOString();
const row = (id: string, hour: number, status = 'new') => ({ id, createdTime: at(hour), status });

describe('ORDER_LIST_CATEGORIES (spec doc 3 §2)', () => {
  it('lists every order, the lab tests, or the procedures', () => {
    expect(ORDER_LIST_CATEGORIES).toEqual({
      orders: null,
      labTests: ['Examination'],
      procedures: ['Procedure'],
    });
  });
});

describe('requestNewButtons (spec doc 3 §2 Order lists, §1 feature flags)', () => {
  it('offers Medicine, Lab Test, Medical service and Admission on the order list, its own on the others', () => {
    expect(requestNewButtons('orders', baseTenantConfig.features)).toEqual([
      { category: 'Medication', to: '/order/create/Medication' },
      { category: 'Examination', to: '/order/create/Examination' },
      { category: 'Procedure', to: '/order/create/Procedure' },
      { category: 'Finance', to: '/order/create/Finance' },
    ]);
    expect(requestNewButtons('labTests', baseTenantConfig.features)).toEqual([
      { category: 'Examination', to: '/order/create/Examination' },
    ]);
    expect(requestNewButtons('procedures', baseTenantConfig.features)).toEqual([
      { category: 'Procedure', to: '/order/create/Procedure' },
    ]);
  });

  it('leaves out categories the tenant does not offer', () => {
    const features = deepMerge(baseTenantConfig, {
      features: {
        medicationOrder: { enabled: false, payment: false },
        procedureOrder: { enabled: false, payment: false },
        encounterOrder: { enabled: false, payment: false },
      },
    }).features;
    expect(requestNewButtons('orders', features).map((button) => button.category)).toEqual([
      'Examination',
    ]);
    expect(requestNewButtons('procedures', features)).toEqual([]);
  });
});

describe('acceptsLiveOrder (spec doc 3 §4: reflex_order is ignored)', () => {
  const order = { intent: 'order', category: 'Examination', patientId: 'p1' };
  it('takes an order of the list’s categories and profiles', () => {
    expect(acceptsLiveOrder(order, { categories: null, patientIds: null })).toBe(true);
    expect(acceptsLiveOrder(order, { categories: ['Examination'], patientIds: ['p1', 'p2'] })).toBe(
      true,
    );
  });
  it('ignores replacement orders, other categories and other profiles', () => {
    expect(
      acceptsLiveOrder(
        { ...order, intent: 'reflex_order' },
        { categories: null, patientIds: null },
      ),
    ).toBe(false);
    expect(acceptsLiveOrder(order, { categories: ['Procedure'], patientIds: null })).toBe(false);
    expect(acceptsLiveOrder(order, { categories: null, patientIds: ['p2'] })).toBe(false);
  });
});

describe('mergeLiveOrders', () => {
  const loaded = [row('a', 9), row('b', 8), row('c', 7)];

  it('replaces a listed order by its live version, in place', () => {
    expect(mergeLiveOrders(loaded, [row('b', 8, 'completed')], false)).toEqual([
      row('a', 9),
      row('b', 8, 'completed'),
      row('c', 7),
    ]);
  });

  it('puts a new order on top, and leaves an older one not loaded yet for its page', () => {
    expect(
      mergeLiveOrders(loaded, [row('new', 10), row('old', 3)], false).map((order) => order.id),
    ).toEqual(['new', 'a', 'b', 'c']);
  });

  it('takes every live order once all pages are loaded, each once, newest first', () => {
    expect(
      mergeLiveOrders(loaded, [row('old', 3), row('new', 10)], true).map((order) => order.id),
    ).toEqual(['new', 'a', 'b', 'c', 'old']);
    expect(mergeLiveOrders([], [row('x', 1)], true).map((order) => order.id)).toEqual(['x']);
  });

  it('orders equal times by id, descending, as the server pages them', () => {
    expect(
      mergeLiveOrders([row('b', 9), row('a', 9)], [row('c', 9)], true).map((order) => order.id),
    ).toEqual(['c', 'b', 'a']);
  });
});

describe('labProfileTiles (spec doc 3 §2: grouped by relationship or, for unclassified profiles, by name)', () => {
  const server = (
    id: string,
    relationship: string | null,
    given: string,
    family: string,
    link: string[] = [],
  ): ServerPatient => ({
    id,
    name: { prefix: 'Mr', given: [given], family },
    telecom: [],
    birthDate: '1980-01-01',
    gender: 'male',
    address: null,
    extension: relationship === null ? [] : [{ valueId: 'relationship', value: relationship }],
    link,
    hospitalId: 'h-1',
    medicalRecordNumber: '',
  });
  const all = [
    server('x1', null, 'Nimal', 'Silva'),
    server('son1', 'Son', 'Kasun', 'Perera'),
    server('me', 'Me', 'Saman', 'Perera'),
    server('son2', 'Son', 'Amal', 'Perera'),
    server('me2', 'Me', 'Saman', 'Perera', ['me']),
    server('x2', null, 'Nimal  Silva', ''),
    server('x3', null, 'Ruwan', 'Dias'),
  ];
  const patients = all.map((patient) => toClientPatient(patient, all, new Date(2026, 0, 1)));

  it('follows the configured relationships, one tile per person, then the unclassified by name', () => {
    const tiles = labProfileTiles(patients, ['Me', 'Wife', 'Son']);
    expect(tiles.map((tile) => [tile.relationship, tile.name, tile.patientIds])).toEqual([
      ['Me', 'Mr Saman Perera', ['me', 'me2']],
      ['Son', 'Mr Kasun Perera', ['son1']],
      ['Son', 'Mr Amal Perera', ['son2']],
      [null, 'Mr Nimal Silva', ['x1', 'x2']],
      [null, 'Mr Ruwan Dias', ['x3']],
    ]);
    expect(new Set(tiles.map((tile) => tile.key)).size).toBe(tiles.length);
  });

  it('has no tiles without profiles', () => {
    expect(labProfileTiles([], ['Me'])).toEqual([]);
  });
});

describe('initialsOf and requestedTimeText', () => {
  it('makes initials without titles', () => {
    expect(initialsOf('Mrs Kamala Perera')).toBe('KP');
    expect(initialsOf('Nimal')).toBe('N');
    expect(initialsOf('')).toBe('');
  });

  it('writes the requested time in the language, and nothing for a bad time', () => {
    // 11:00 UTC is 4:30 pm in Sri Lanka (UTC+5:30), whatever zone the phone (or this test) runs in.
    const iso = '2026-11-23T11:00:00.000Z';
    expect(requestedTimeText(iso, 'en')).toMatch(/^23 Nov 2026, 4:30\s?pm$/i);
    expect(requestedTimeText('not a time', 'en')).toBe('');
  });

  it('writes the requested time in hospital time, as the order view does, not the phone\'s', () => {
    // 20:00 UTC on the 23rd is 1:30 am on the 24th in Colombo but 3 pm on the 23rd in New York.
    const iso = '2026-11-23T20:00:00.000Z';
    expect(ORDER_TIME_ZONE).toBe('Asia/Colombo');
    expect(requestedTimeText(iso, 'en')).toMatch(/^24 Nov 2026, 1:30\s?am$/i);
    expect(requestedTimeText(iso, 'en', 'America/New_York')).toMatch(/^23 Nov 2026, 3:00\s?pm$/i);
  });
});
