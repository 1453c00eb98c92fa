// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readBankRedirect } from './bank-redirect.ts';

const base = 'https://app.example/view/appointment';

describe('readBankRedirect (spec doc 2 §7 authenticatePaymentGateway)', () => {
  it("keeps the first form's action and hidden fields of redirectHtml, nothing else", () => {
    const html =
      '<form action="https://bank.example/step-up" method="post"><input type="hidden" name="JWT" value="a&amp;b"><input type="text" name="typed" value="x"><input type="hidden" name="MD" value="m"></form><script>alert(1)</script>';
    expect(readBankRedirect({ authentication: { redirectHtml: html } }, base)).toEqual({
      kind: 'form',
      action: 'https://bank.example/step-up',
      fields: [
        { name: 'JWT', value: 'a&b' },
        { name: 'MD', value: 'm' },
      ],
    });
  });

  it('prefers redirectUrl, and refuses an address that is not http(s)', () => {
    expect(
      readBankRedirect({ authentication: { redirectUrl: 'https://bank.example/acs' } }, base),
    ).toEqual({
      kind: 'url',
      url: 'https://bank.example/acs',
    });
    expect(
      readBankRedirect({ authentication: { redirectUrl: 'javascript:alert(1)' } }, base),
    ).toBeNull();
    expect(
      readBankRedirect(
        { authentication: { redirectHtml: '<form action="javascript:alert(1)"></form>' } },
        base,
      ),
    ).toBeNull();
  });

  it("refuses an empty action (it would post the token to ourselves) and plain http to another site", () => {
    for (const redirectHtml of ['<form><input type="hidden" name="JWT" value="t"></form>', '<form action=""></form>']) {
      expect(readBankRedirect({ authentication: { redirectHtml } }, base)).toBeNull();
    }
    expect(readBankRedirect({ authentication: { redirectUrl: 'http://bank.example/acs' } }, base)).toBeNull();
    expect(readBankRedirect({ authentication: { redirectUrl: '/sandbox/cybersource/step-up' } }, base)).toEqual({
      kind: 'url',
      url: '/sandbox/cybersource/step-up',
    });
  });

  it('answers null for anything else', () => {
    for (const json of [
      null,
      'x',
      {},
      { authentication: null },
      { authentication: { redirectHtml: '<p>no form</p>' } },
    ]) {
      expect(readBankRedirect(json, base)).toBeNull();
    }
  });
});
