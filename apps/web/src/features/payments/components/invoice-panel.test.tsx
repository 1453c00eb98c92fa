// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { REQUEST_STATE } from '@careline/domain/shell';
import { TestLanguage } from '../../../lib/i18n/test-language.tsx';
import { InvoicePanel, type InvoicePanelProps } from './invoice-panel.tsx';

afterEach(cleanup);

const invoice = {
  items: [
    { description: 'Doctor fee', amount: '2500.00' },
    { description: 'Hospital fee', amount: '750.5' },
    { description: 'Seasonal discount', amount: '-250.00' },
  ],
  total: '3000.50',
  currency: 'LKR',
};

function renderPanel(props: Partial<InvoicePanelProps> = {}) {
  const onRefresh = vi.fn();
  render(
    <TestLanguage>
      <InvoicePanel state={REQUEST_STATE.DONE} invoice={invoice} onRefresh={onRefresh} {...props} />
    </TestLanguage>,
  );
  return { region: screen.getByRole('region', { name: 'Invoice' }), onRefresh };
}

describe('the invoice (spec doc 2 §4 Request states, §5)', () => {
  it('1: a skeleton, busy, announcing that it is calculated', () => {
    const { region } = renderPanel({ state: REQUEST_STATE.PENDING, invoice: null });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(within(region).getByRole('status').textContent).toBe('Calculating your invoice');
    expect(within(region).queryByRole('term')).toBeNull();
  });

  it('2: the items and the total with 2 decimals and the currency', () => {
    const { region } = renderPanel();
    const rows = within(region)
      .getAllByRole('term')
      .map((term) => `${term.textContent} = ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Doctor fee = 2,500.00 LKR',
      'Hospital fee = 750.50 LKR',
      'Seasonal discount = -250.00 LKR',
      'Total = 3,000.50 LKR',
    ]);
    expect(within(region).queryByText('Can not pay Rs 00.00')).toBeNull();
  });

  it('2 with a zero total: Can not pay Rs 00.00', () => {
    const { region } = renderPanel({ invoice: { ...invoice, items: [], total: '0.00' } });
    expect(within(region).getByText('Can not pay Rs 00.00')).toBeTruthy();
  });

  it('3: the spec’s error and a refresh', () => {
    const { region, onRefresh } = renderPanel({ state: REQUEST_STATE.FAILED, invoice: null });
    expect(within(region).getByRole('alert').textContent).toContain(
      'Error while calculating invoice, please refresh',
    );
    fireEvent.click(within(region).getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
