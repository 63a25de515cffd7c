import { describe, expect, it } from 'vitest';
import * as messages from './messages';

describe('the fixed field messages', () => {
  it('are word for word', () => {
    expect(messages.REQUIRED_MESSAGE).toBe('*This is a required field.');
    expect(messages.ALPHABETICAL_MESSAGE).toBe('Please use alphabetical characters only.');
    expect(messages.EMAIL_MESSAGE).toBe('invalid email address');
    expect(messages.POSTCODE_MESSAGE).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(messages.PHONE_AU_MESSAGE).toBe('Invalid phone number. Must be an Australian number.');
    expect(messages.PHONE_AU_MOBILE_MESSAGE).toBe('Invalid phone number. Must be an Australian mobile number.');
    expect(messages.PHONE_US_MESSAGE).toBe('Invalid phone number. Must be a US number.');
    expect(messages.PHONE_NZ_MESSAGE).toBe('Invalid phone number. Must be a New Zealand number.');
    expect(messages.PHONE_TOO_LONG_MESSAGE).toBe('Invalid phone number. Too many characters.');
  });

  it('lists all nine, once each', () => {
    expect(messages.SPEC_MESSAGES).toHaveLength(9);
    expect(new Set(messages.SPEC_MESSAGES).size).toBe(9);
  });

  it('words the bounds that have no fixed message', () => {
    expect(messages.tooLongMessage(200)).toBe('Please use 200 characters or fewer.');
    expect(messages.numberRangeMessage(0, 1_000_000)).toBe('Please enter a number from 0 to 1,000,000.');
    expect(messages.numberRangeMessage(1950, 2027)).toBe('Please enter a number from 1950 to 2027.');
    expect(messages.tooManyMessage(50)).toBe('Please choose 50 or fewer.');
  });
});
