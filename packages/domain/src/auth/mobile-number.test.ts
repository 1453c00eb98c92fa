import { describe, expect, it } from 'vitest';
import { isLoggedIn, normaliseMobileNo, printedMobileNo, validateMobileNo } from './mobile-number.ts';

// spec doc 1 §5 'Mobile number', applied in the table's order.
describe('validateMobileNo', () => {
  it.each([
    ['', 'Type Your Mobile No.'],
    ['   ', 'Type Your Mobile No.'],
    // starts with 0, longer than 9 digits, not of the form 07x...
    ['0112345678', 'Invalid Mobile No!'],
    ['0612345678', 'Invalid Mobile No!'],
    ['01123456789', 'Invalid Mobile No!'],
    ['0a12345678', 'Invalid Mobile No!'],
    // starts with 94 but not 11 digits
    ['9477123456', 'Mobile No. starting with 94, should have 11 digits!'],
    ['947712345678', 'Mobile No. starting with 94, should have 11 digits!'],
    ['94', 'Mobile No. starting with 94, should have 11 digits!'],
    // starts with 0 but not 10 digits
    ['077123456', 'Mobile No. starting with 0, should have 10 digits!'],
    ['07712345678', 'Mobile No. starting with 0, should have 10 digits!'],
    ['0', 'Mobile No. starting with 0, should have 10 digits!'],
    ['011234567', 'Mobile No. starting with 0, should have 10 digits!'],
    // otherwise must be 9 digits and numeric
    ['77123456', 'Mobile No. should have 9 digits!'],
    ['7712345678', 'Mobile No. should have 9 digits!'],
    ['77123456a', 'Mobile No. should have 9 digits!'],
    ['+94771234567', 'Mobile No. should have 9 digits!'],
    ['77 1234567', 'Mobile No. should have 9 digits!'],
    // the right length but not numeric
    ['077123456a', 'Invalid Mobile No!'],
    ['9477123456a', 'Invalid Mobile No!'],
  ])('%j → %s', (input, message) => {
    expect(validateMobileNo(input)).toBe(message);
  });

  it.each(['0771234567', '771234567', '94771234567', ' 0771234567 ', '94112345678'])('%j is valid', (input) => {
    expect(validateMobileNo(input)).toBeNull();
  });
});

// spec doc 1 §5, §9: normalised to the 94 country-prefix form with 11 digits.
describe('normaliseMobileNo', () => {
  it.each([
    ['0771234567', '94771234567'],
    ['771234567', '94771234567'],
    ['94771234567', '94771234567'],
    [' 0711234567\n', '94711234567'],
  ])('%j → %s', (input, normalised) => {
    expect(normaliseMobileNo(input)).toBe(normalised);
    expect(normalised).toHaveLength(11);
  });

  it.each(['', '0112345678', '077123456', '77123456', 'abc'])('%j → null', (input) => {
    expect(normaliseMobileNo(input)).toBeNull();
  });
});

// spec doc 1 §5 'Logged in': a user counts as logged in when a mobile number is present.
describe('printedMobileNo', () => {
  it.each([
    ['94771234567', '+94771234567'],
    [' 94771234567 ', '+94771234567'],
    ['+94771234567', '+94771234567'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('writes %j as %j', (stored, printed) => {
    expect(printedMobileNo(stored)).toBe(printed);
  });
});

describe('isLoggedIn', () => {
  it.each([
    ['94771234567', true],
    ['', false],
    ['  ', false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (mobileNo, expected) => {
    expect(isLoggedIn(mobileNo)).toBe(expected);
  });
});
