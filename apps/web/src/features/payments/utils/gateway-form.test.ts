// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GATEWAY_SUBMIT_DELAY_MS, gatewayAddress, gatewayFormFields, openGatewayPage, postGatewayForm } from './gateway-form.ts';

const request = {
  formUrl: '/sandbox/cybersource/silent/pay',
  signature: {
    parameter: [
      { name: 'access_key', value: 'ak-1' },
      { name: 'profile_id', value: 'pr-1' },
      { name: 'signed_field_names', value: 'access_key,profile_id' },
    ],
    value: 'c2lnbmVk',
  },
};
const visa = { cardNumber: '4111-1111-1111-1111', expiry: '12/30', cvv: '123' };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('the gateway form’s fields (spec doc 2 §5, §7)', () => {
  it('the signed fields, the signature, then the card: type code, digits only, MM-YYYY, cvn', () => {
    expect(gatewayFormFields(request, visa)).toEqual([
      { name: 'access_key', value: 'ak-1' },
      { name: 'profile_id', value: 'pr-1' },
      { name: 'signed_field_names', value: 'access_key,profile_id' },
      { name: 'signature', value: 'c2lnbmVk' },
      { name: 'card_type', value: '001' },
      { name: 'card_number', value: '4111111111111111' },
      { name: 'card_expiry_date', value: '12-2030' },
      { name: 'card_cvn', value: '123' },
    ]);
  });

  it.each([
    ['5555-5555-5555-4444', '002'],
    ['3782-8224-6310-0050', '003'],
    ['6011-1111-1111-1117', '004'],
  ])('card %s is sent with type code %s', (cardNumber, code) => {
    const fields = gatewayFormFields(request, { ...visa, cardNumber });
    expect(fields.find((field) => field.name === 'card_type')?.value).toBe(code);
  });

  it('keeps a signature the server put among the fields once, and replaces card fields it sent', () => {
    const withSignature = {
      ...request,
      signature: {
        parameter: [
          ...request.signature.parameter,
          { name: 'signature', value: 'abc' },
          { name: 'card_number', value: '' },
        ],
        value: 'abc',
      },
    };
    const fields = gatewayFormFields(withSignature, visa);
    expect(fields.filter((field) => field.name === 'signature')).toEqual([
      { name: 'signature', value: 'abc' },
    ]);
    expect(fields.filter((field) => field.name === 'card_number')).toEqual([
      { name: 'card_number', value: '4111111111111111' },
    ]);
  });

  it.each([
    ['a number not 19 characters', { cardNumber: '4111-1111-1111-111' }],
    ['an expiry not 5 characters', { expiry: '12/3' }],
    ['a cvv not 3 characters', { cvv: '12' }],
  ])('%s clears the card details', (_case, change) => {
    const fields = gatewayFormFields(request, { ...visa, ...change });
    expect(fields.slice(-4)).toEqual([
      { name: 'card_type', value: '' },
      { name: 'card_number', value: '' },
      { name: 'card_expiry_date', value: '' },
      { name: 'card_cvn', value: '' },
    ]);
  });
});

describe('the hidden silent-pay form (spec doc 2 §7: submits after 50 ms)', () => {
  it('is a hidden POST form to the gateway with every field, submitted after 50 ms and not before', () => {
    vi.useFakeTimers();
    const submit = vi
      .spyOn(HTMLFormElement.prototype, 'submit')
      .mockImplementation(() => undefined);
    const fields = gatewayFormFields(request, visa);
    const form = postGatewayForm('https://gateway.test/silent/pay', fields);
    expect(form.isConnected).toBe(true);
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://gateway.test/silent/pay');
    expect(form.hidden).toBe(true);
    const inputs = Array.from(form.querySelectorAll('input'));
    expect(inputs.every((input) => input.type === 'hidden')).toBe(true);
    expect(inputs.map((input) => ({ name: input.name, value: input.value }))).toEqual(fields);
    vi.advanceTimersByTime(GATEWAY_SUBMIT_DELAY_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(submit).toHaveBeenCalledTimes(1);
    expect(submit.mock.contexts[0]).toBe(form);
    expect(GATEWAY_SUBMIT_DELAY_MS).toBe(50);
    // Leaving for the gateway: the card's fields do not stay in the page the browser may keep.
    window.dispatchEvent(new Event('pagehide'));
    expect(form.isConnected).toBe(false);
    expect(document.querySelector('form[data-gateway-form]')).toBeNull();
  });
});

describe('which gateway pages the browser may be sent to', () => {
  const base = 'https://app.example/view/appointment';

  it('https anywhere, or a page of this site; nothing else', () => {
    expect(gatewayAddress('https://pay.genie.example/t/1', base)?.href).toBe('https://pay.genie.example/t/1');
    expect(gatewayAddress('/sandbox/genie/pay/1', base)?.href).toBe('https://app.example/sandbox/genie/pay/1');
    expect(gatewayAddress('http://localhost:3000/sandbox/genie/pay/1', 'http://localhost:3000/x')?.pathname).toBe(
      '/sandbox/genie/pay/1',
    );
    for (const address of ['javascript:alert(1)', 'data:text/html,x', 'http://pay.example/t/1', '', '  ']) {
      expect(gatewayAddress(address, base)).toBeNull();
    }
  });

  it('openGatewayPage refuses a javascript: page and opens nothing', () => {
    vi.useFakeTimers();
    try {
      expect(openGatewayPage('javascript:alert(1)', [{ name: 'token', value: 't' }], base)).toBeNull();
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
    }
  });
});
