import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { codeField, emailField, NOT_A_SEARCH, OPT_IN_NEEDED, searchNameField, searchPathField, tokenField } from './account-fields';
import type { ALERT_CONSENT_WORDING } from './api';
import { interestRequestSchema, newSavedSearchSchema, savedSearchChangeSchema } from './api';
import { checkFields } from './fields';
import { signInRequestSchema, verifyCodeSchema, verifyLinkSchema } from './sign-in';
import { INVALID_CODE, INVALID_EMAIL, REQUIRED } from './sign-in-target';

const first = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error?.issues[0]?.message);

describe('the sign-in fields', () => {
  it('keeps an address trimmed and in lower case, and refuses one that is not an address', () => {
    expect(emailField.parse('  Jo@Example.COM ')).toBe('jo@example.com');
    expect(first(emailField.safeParse(''))).toBe(REQUIRED);
    expect(first(emailField.safeParse('   '))).toBe(REQUIRED);
    expect(first(emailField.safeParse(undefined))).toBe(REQUIRED);
    for (const bad of ['jo', 'jo@example', 'jo@@example.com', '<jo@example.com>', 'jo example@x.com', `${'a'.repeat(250)}@x.com`]) {
      expect(first(emailField.safeParse(bad)), bad).toBe(INVALID_EMAIL);
    }
  });

  it('reads a code typed with spaces or hyphens, and refuses anything but six digits', () => {
    expect(codeField.parse('123 456')).toBe('123456');
    expect(codeField.parse('123-456')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '12345６']) expect(first(codeField.safeParse(bad)), bad).toBe(INVALID_CODE);
    expect(first(codeField.safeParse(undefined))).toBe(REQUIRED);
  });

  it('takes a link token of URL-safe characters only', () => {
    expect(tokenField.parse('a'.repeat(43))).toBe('a'.repeat(43));
    expect(tokenField.safeParse('short').success).toBe(false);
    expect(tokenField.safeParse(`${'a'.repeat(40)}<script>`).success).toBe(false);
  });

  it('is what the API validates with: the request schemas refuse the same things with the same words', () => {
    const request = signInRequestSchema.safeParse({ email: 'nope' });
    expect(request.success).toBe(false);
    expect(request.error?.issues[0]).toMatchObject({ path: ['email'], message: INVALID_EMAIL });
    expect(signInRequestSchema.parse({ email: ' A@B.co ', type: 'my-garage', redirect: '//evil.example' })).toEqual({ email: 'a@b.co', type: 'my-garage' });
    expect(verifyCodeSchema.safeParse({ email: 'a@b.co', code: '12' }).error?.issues[0]).toMatchObject({ path: ['code'], message: INVALID_CODE });
    expect(verifyLinkSchema.safeParse({ token: 'x' }).success).toBe(false);
    expectTypeOf<z.output<typeof verifyCodeSchema>>().toEqualTypeOf<{ email: string; code: string }>();
  });
});

describe('the saved-search fields', () => {
  it('names a search within 80 characters', () => {
    expect(searchNameField.parse('  Utes under $20k ')).toBe('Utes under $20k');
    expect(first(searchNameField.safeParse('  '))).toBe(REQUIRED);
    expect(first(searchNameField.safeParse('x'.repeat(81)))).toBe('Keep the name under 80 characters.');
  });

  it('saves only a search address of this site', () => {
    expect(searchPathField.parse('/search/used-cars?price=0-20000')).toBe('/search/used-cars?price=0-20000');
    expect(searchPathField.parse('/pre-owned')).toBe('/pre-owned');
    for (const bad of ['/cars/x', 'https://evil.example/search', '//evil.example/search', '/searching', '/api/search', 42]) {
      expect(first(searchPathField.safeParse(bad)), String(bad)).toBe(NOT_A_SEARCH);
    }
  });

  it('is what the API validates with, and the types stay plain strings', () => {
    expect(newSavedSearchSchema.parse({ name: ' Utes ', path: '/search/ute' })).toEqual({ name: 'Utes', path: '/search/ute', alerts: false });
    expect(newSavedSearchSchema.safeParse({ name: 'x', path: '/cars/1' }).error?.issues[0]).toMatchObject({ path: ['path'], message: NOT_A_SEARCH });
    expect(savedSearchChangeSchema.parse({ alerts: true })).toEqual({ alerts: true });
    expect(savedSearchChangeSchema.safeParse({ name: '' }).success).toBe(false);
    expectTypeOf<z.output<typeof newSavedSearchSchema>>().toEqualTypeOf<{
      name: string;
      path: string;
      alerts: boolean;
      wording?: typeof ALERT_CONSENT_WORDING | undefined;
      page?: string | undefined;
    }>();
  });
});

describe('the contact-me fields', () => {
  it('needs the explicit yes, a stock id, and keeps phone and message within bounds', () => {
    expect(interestRequestSchema.parse({ car_id: '123', opt_in: true, phone: ' 0412 345 678 ' })).toEqual({
      car_id: '123',
      opt_in: true,
      phone: '0412 345 678',
    });
    expect(interestRequestSchema.safeParse({ car_id: '123', opt_in: false }).error?.issues[0]).toMatchObject({ path: ['opt_in'], message: OPT_IN_NEEDED });
    expect(interestRequestSchema.safeParse({ car_id: '0', opt_in: true }).error?.issues[0]).toMatchObject({ path: ['car_id'], message: 'Unknown car.' });
    expect(interestRequestSchema.safeParse({ car_id: '1', opt_in: true, message: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe(
      'Keep the message under 2,000 characters.',
    );
    expect(interestRequestSchema.safeParse({ car_id: '1', opt_in: true, extra: 1 }).success).toBe(false);
  });
});

describe('checkFields', () => {
  it('answers the parsed values, or each field’s first message by its name', () => {
    expect(checkFields({ email: [emailField, 'A@B.co'], code: [codeField, '12 34 56'] })).toEqual({ ok: true, values: { email: 'a@b.co', code: '123456' } });
    expect(checkFields({ email: [emailField, ''], code: [codeField, '1'] })).toEqual({ ok: false, fields: { email: REQUIRED, code: INVALID_CODE } });
  });
});
