import { describe, expect, it } from 'vitest';
import { bookingLabel, firstName, shopperReply, wantsReply, type ReplySite } from './shopper-reply';

const au: ReplySite = {
  name: 'Kingfisher Toyota',
  phone: '0732001000',
  email: 'sales@kingfisher.example',
  region: 'AU',
  locale: 'en-AU',
  leads: { shopper_reply: { enabled: true } },
};
const us: ReplySite = { ...au, name: 'Lone Star Auto', phone: '5125550100', region: 'US', locale: 'en-US' };
const corolla = { name: '2021 Toyota Corolla Ascent Sport', year: 2021, make: 'Toyota', model: 'Corolla' };

describe('shopperReply', () => {
  it('greets the shopper, names the car the enquiry is about and says how to reach the dealer (AU)', () => {
    const reply = shopperReply(au, { name: 'Sam Citizen', email: 'sam@example.com' }, 'enquiry', 'used-vehicle-enquiry', corolla);
    expect(reply?.to).toBe('sam@example.com');
    expect(reply?.subject).toBe('Your enquiry about the 2021 Toyota Corolla Ascent Sport – Kingfisher Toyota');
    expect(reply?.text).toMatch(/^Hi Sam,\n\nThanks for your enquiry about the 2021 Toyota Corolla Ascent Sport\.\n/);
    expect(reply?.text).toContain('One of our team will be in touch within one business day.');
    expect(reply?.text).toContain('Questions in the meantime? Just call us on (07) 3200 1000 or reply to this email.');
    expect(reply?.text).toContain('Kind regards,\nThe team at Kingfisher Toyota');
  });

  it('is worded for the US: inquiry, call us at, the US phone format', () => {
    const reply = shopperReply(us, { first_name: 'Jo', email: 'jo@example.com' }, 'enquiry', 'General Enquiry');
    expect(reply?.subject).toBe('Thanks for your inquiry – Lone Star Auto');
    expect(reply?.text).toContain('Thanks for your inquiry.');
    expect(reply?.text).toContain('call us at (512) 555-0100');
    const noEmail = shopperReply({ ...us, email: undefined }, { first_name: 'Jo', email: 'jo@example.com' }, 'enquiry', 'x');
    expect(noEmail?.text).toContain('Questions in the meantime? Just call us at (512) 555-0100.');
    expect(reply?.text).toContain('Best regards,');
    expect(reply?.text).not.toMatch(/enquir/i);
  });

  it('uses the dealer file’s words in place of the default, paragraph by paragraph', () => {
    const site = { ...au, leads: { shopper_reply: { enabled: true, message: 'Our sales team answers within the hour.\n\nWe open 7 days.' } } };
    const reply = shopperReply(site, { name: 'Sam', email: 'sam@example.com' }, 'enquiry', 'General Enquiry');
    expect(reply?.text).toContain('Our sales team answers within the hour.\n\nWe open 7 days.');
    expect(reply?.text).not.toContain('within one business day');
    expect(reply?.html).toContain('<p>We open 7 days.</p>');
  });

  it('names the test drive’s car and time', () => {
    const reply = shopperReply(
      au,
      { first_name: 'Sam', email: 'sam@example.com', booking_date: '2026-11-25', booking_time: '10:30' },
      'test_drive',
      'test-drive',
      corolla,
    );
    expect(reply?.subject).toBe('Your test drive request: 2021 Toyota Corolla Ascent Sport – Kingfisher Toyota');
    expect(reply?.text).toContain('We have your request to test drive the 2021 Toyota Corolla Ascent Sport for Wednesday 25 November 2026 at 10:30 am.');
  });

  it('escapes hostile text in the shopper’s name in the HTML and keeps it to one line', () => {
    const reply = shopperReply(
      au,
      { first_name: '<img src=x onerror=alert(1)>\r\nBcc: x@evil.example', email: 'sam@example.com' },
      'service',
      'service-booking',
    );
    expect(reply?.html).not.toContain('<img');
    expect(reply?.html).toContain('Hi &#60;img src=x onerror=alert(1)&#62;');
    expect(reply?.text).not.toMatch(/^Bcc:/m);
    const car = shopperReply(au, { name: 'Sam', email: 'sam@example.com' }, 'enquiry', 'x', { name: '<script>alert(1)</script>' });
    expect(car?.html).not.toContain('<script>');
    expect(car?.html).toContain('&#60;script&#62;');
  });

  it('sends nothing when replies are off or there is no usable address', () => {
    const off = { ...au, leads: { shopper_reply: { enabled: false } } };
    expect(shopperReply(off, { name: 'Sam', email: 'sam@example.com' }, 'enquiry', 'x')).toBeUndefined();
    expect(shopperReply(au, { name: 'Sam' }, 'enquiry', 'x')).toBeUndefined();
    expect(shopperReply(au, { name: 'Sam', email: 'a@b.example\r\nBcc: c@d.example' }, 'enquiry', 'x')).toBeUndefined();
    expect(wantsReply(au, { email: 'sam@example.com' })).toBe(true);
    expect(wantsReply(off, { email: 'sam@example.com' })).toBe(false);
  });
});

describe('reply parts', () => {
  it('takes the first name, or the first word of a one-box name', () => {
    expect(firstName({ first_name: ' Alex ', name: 'Sam Citizen' })).toBe('Alex');
    expect(firstName({ name: 'Sam Citizen' })).toBe('Sam');
    expect(firstName({})).toBe('');
  });

  it('words a booking in the site’s locale, and ignores a malformed one', () => {
    expect(bookingLabel({ booking_date: '2026-11-25', booking_time: '14:00' }, 'en-US')).toBe('Wednesday, November 25, 2026 at 2:00 PM');
    expect(bookingLabel({ booking_date: '2026-02-30', booking_time: '14:00' }, 'en-AU')).toBe('');
    expect(bookingLabel({ booking_date: '2026-11-25', booking_time: '25:00' }, 'en-AU')).toBe('Wednesday 25 November 2026');
  });
});
