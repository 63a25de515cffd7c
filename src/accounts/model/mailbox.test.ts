import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox';

describe('mailboxOf', () => {
  it('counts case, a trailing dot and a +tag as the same mailbox', () => {
    for (const variant of ['jane@example.com', ' Jane@Example.COM ', 'jane@example.com.', 'jane+cars@example.com', 'JANE+a+b@example.com..'])
      expect(mailboxOf(variant), variant).toBe('jane@example.com');
  });

  it('keeps what tells two mailboxes apart', () => {
    expect(mailboxOf('jane.doe@example.com')).toBe('jane.doe@example.com');
    expect(mailboxOf('jane@mail.example.com')).toBe('jane@mail.example.com');
    // A name that is all tag is its own name.
    expect(mailboxOf('+jane@example.com')).toBe('+jane@example.com');
    expect(mailboxOf('not an address')).toBe('not an address');
  });
});
