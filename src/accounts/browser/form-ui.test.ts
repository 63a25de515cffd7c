import { describe, expect, it } from 'vitest';
import { alertText, CHECK_HIGHLIGHTED } from './form-ui';

// What the server answers a wrong code with: the same words as the error and as the code field's message.
const CODE_REFUSED = 'That code did not sign you in. Check it against the newest sign-in email (codes last 15 minutes and work once), or ask for a new code.';

describe('the account forms’ alert', () => {
  it('does not say a wrong sign-in code a second time: the message is under the code field', () => {
    const text = alertText(CODE_REFUSED, [CODE_REFUSED], []);
    expect(text).not.toContain(CODE_REFUSED);
    expect(text).toBe(CHECK_HIGHLIGHTED);
  });

  it('says an error that no field shows, and messages for fields the form does not have', () => {
    expect(alertText('Too many tries. Please wait a minute.', [], [])).toBe('Too many tries. Please wait a minute.');
    expect(alertText('Please check the fields', ['Enter an email address'], ['Unknown site'])).toBe('Please check the fields Unknown site');
    expect(alertText('', [], [])).toBe('');
  });
});
