import { describe, expect, it } from 'vitest';
import { chargeAmountText, matchesOrderSearch, mergeLiveOrder, queueOfOrder, workedOrderCategories, type ListedOrder } from './order-rules.ts';

const row = (id: string, status: string, createdTime: string, extra: Partial<ListedOrder['order']> = {}): ListedOrder => ({
  id,
  order: { identifier: `SR-${id}`, category: 'Medication', orderStatus: status, replacedBy: null, createdTime, ...extra },
  patient: { name: `Mr Patient ${id}`, mobileNo: '94771234567' },
});

describe('the categories a member works', () => {
  it.each([
    [['pharmacist'], ['Medication']],
    [['labTechnician'], ['Examination']],
    [['nurse'], ['Procedure', 'Finance']],
    [['doctor'], ['Finance']],
    [['admin'], ['Medication', 'Examination', 'Procedure', 'Finance']],
    [['receptionist', 'cashier'], []],
    [['pharmacist', 'labTechnician'], ['Medication', 'Examination']],
  ] as const)('%j works %j', (roles, categories) => {
    expect(workedOrderCategories(roles)).toEqual(categories);
  });
});

describe('the queue of an order', () => {
  it.each([
    ['new', null, 'NEW'],
    ['confirming', null, 'IN_PROGRESS'],
    ['sampleCollecting', null, 'IN_PROGRESS'],
    ['completed', null, 'DONE'],
    ['canceled', null, 'DONE'],
    ['new', 'other-order', 'DONE'],
  ] as const)('%s (replaced by %s) is in %s', (orderStatus, replacedBy, queue) => {
    expect(queueOfOrder({ orderStatus, replacedBy })).toBe(queue);
  });
});

describe('the search on orders that arrive live', () => {
  const order = { identifier: 'SR-2026-0042', patientName: 'Mr Kasun Fernando', mobileNo: '94771234567' };
  it.each([
    ['', true],
    ['kasun', true],
    ['0042', true],
    ['077 123', true],
    ['+94 77 1234567', true],
    ['Perera', false],
    ['12', false],
  ])('"%s" matches: %s', (search, matches) => {
    expect(matchesOrderSearch(order, search)).toBe(matches);
  });
});

describe('a live order merged into the queue on show', () => {
  const filter = { queue: 'NEW' as const, category: null, search: '' };
  const shown = [row('b', 'new', '2026-11-24T10:00:00Z'), row('a', 'new', '2026-11-24T09:00:00Z')];

  it('adds a new order of the queue in its place, newest first', () => {
    const merged = mergeLiveOrder(shown, row('c', 'new', '2026-11-24T11:00:00Z'), filter);
    expect(merged.change).toBe('added');
    expect(merged.rows.map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });

  it('updates an order in place while it stays in the queue', () => {
    const changed = row('a', 'new', '2026-11-24T09:00:00Z', { identifier: 'SR-a2' });
    const merged = mergeLiveOrder(shown, changed, filter);
    expect(merged.change).toBe('updated');
    expect(merged.rows[1]?.order.identifier).toBe('SR-a2');
  });

  it('takes an order off when it moves to another queue', () => {
    const merged = mergeLiveOrder(shown, row('b', 'confirming', '2026-11-24T10:00:00Z'), filter);
    expect(merged.change).toBe('left');
    expect(merged.rows.map((r) => r.id)).toEqual(['a']);
  });

  it('ignores an order of another queue, category or search', () => {
    expect(mergeLiveOrder(shown, row('d', 'confirming', '2026-11-24T11:00:00Z'), filter).change).toBeNull();
    expect(mergeLiveOrder(shown, row('d', 'new', '2026-11-24T11:00:00Z'), { ...filter, category: 'Examination' }).change).toBeNull();
    expect(mergeLiveOrder(shown, row('d', 'new', '2026-11-24T11:00:00Z'), { ...filter, search: 'Perera' }).change).toBeNull();
  });
});

describe('the charging amount as typed', () => {
  it.each([
    ['1500', '1500.00'],
    ['1,500.5', '1500.50'],
    [' 99.99 ', '99.99'],
    ['0', null],
    ['-5', null],
    ['12.345', null],
    ['abc', null],
    ['', null],
  ])('"%s" is sent as %s', (typed, sent) => {
    expect(chargeAmountText(typed)).toBe(sent);
  });
});
