import { describe, expect, it } from 'vitest';
import {
  INVALID_CODE,
  INVALID_EMAIL,
  MY_GARAGE_PATH,
  readSignInTarget,
  REQUIRED,
  SIGN_IN_KINDS,
  signInHref,
  signInRequestSchema,
  verifyCodeSchema,
  verifyLinkSchema,
  verifySignInSchema,
} from './sign-in';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined => result.error?.issues[0]?.message;

describe('signInRequestSchema', () => {
  it('takes an address, lower-cased and trimmed, with a known kind and a same-site redirect', () => {
    expect(signInRequestSchema.parse({ email: '  Jane.Citizen@Example.COM ', type: 'finance', redirect: '/finance?step=2' })).toEqual({
      email: 'jane.citizen@example.com',
      type: 'finance',
      redirect: '/finance?step=2',
    });
    for (const type of SIGN_IN_KINDS) expect(signInRequestSchema.parse({ email: 'a@b.co', type }).type).toBe(type);
  });

  it('drops a redirect to another site rather than refusing the sign-in', () => {
    for (const redirect of ['//evil.com', 'https://evil.com', '/\\evil.com', '/api/account', '/a/..//evil.com']) {
      const parsed = signInRequestSchema.parse({ email: 'a@b.co', redirect });
      expect(parsed.redirect, redirect).toBeUndefined();
    }
  });

  it('refuses what is not an address, with the form wording', () => {
    expect(firstMessage(signInRequestSchema.safeParse({ email: '' }))).toBe(REQUIRED);
    expect(firstMessage(signInRequestSchema.safeParse({}))).toBe(REQUIRED);
    for (const email of ['jane', 'jane@', '@example.com', 'jane@example', 'ja ne@example.com', 'jane@exa mple.com', '<jane@example.com>', 'a,b@example.com']) {
      expect(firstMessage(signInRequestSchema.safeParse({ email })), email).toBe(INVALID_EMAIL);
    }
    expect(firstMessage(signInRequestSchema.safeParse({ email: `${'a'.repeat(250)}@b.co` }))).toBe(INVALID_EMAIL);
  });

  it('refuses unknown kinds and fields', () => {
    expect(signInRequestSchema.safeParse({ email: 'a@b.co', type: 'admin' }).success).toBe(false);
    expect(signInRequestSchema.safeParse({ email: 'a@b.co', admin: true }).success).toBe(false);
  });
});

describe('verifySignInSchema', () => {
  it('takes the code with spaces or a dash the shopper typed', () => {
    expect(verifyCodeSchema.parse({ email: 'A@B.co', code: '123 456' })).toEqual({ email: 'a@b.co', code: '123456' });
    expect(verifyCodeSchema.parse({ email: 'a@b.co', code: '123-456' }).code).toBe('123456');
    expect(verifySignInSchema.parse({ email: 'a@b.co', code: '000001' })).toEqual({ email: 'a@b.co', code: '000001' });
  });

  it('refuses codes that are not six digits', () => {
    for (const code of ['12345', '1234567', 'abcdef', '12345a', '', '１２３４５６']) {
      expect(firstMessage(verifyCodeSchema.safeParse({ email: 'a@b.co', code })), code).toBe(INVALID_CODE);
    }
    expect(verifyCodeSchema.safeParse({ email: 'a@b.co', code: 123456 }).success).toBe(false);
  });

  it('takes a link token of URL-safe base64, and nothing else', () => {
    const token = 'A'.repeat(43);
    expect(verifySignInSchema.parse({ token })).toEqual({ token });
    expect(verifyLinkSchema.safeParse({ token: 'short' }).success).toBe(false);
    expect(verifyLinkSchema.safeParse({ token: `${'A'.repeat(42)}=` }).success).toBe(false);
    expect(verifyLinkSchema.safeParse({ token: `${'A'.repeat(42)}/` }).success).toBe(false);
    expect(verifyLinkSchema.safeParse({ token: 'A'.repeat(129) }).success).toBe(false);
  });

  it('refuses a body mixing both ways, or neither', () => {
    expect(verifySignInSchema.safeParse({ email: 'a@b.co', code: '123456', token: 'A'.repeat(43) }).success).toBe(false);
    expect(verifySignInSchema.safeParse({}).success).toBe(false);
    expect(verifySignInSchema.safeParse({ code: '123456' }).success).toBe(false);
  });
});

describe('the sign-in page address', () => {
  it('writes only what is known and safe', () => {
    expect(signInHref({})).toBe('/sign-in');
    expect(signInHref({ type: 'my-garage', redirect: MY_GARAGE_PATH, back: '/cars' })).toBe('/sign-in?type=my-garage&redirect=%2Fmy-garage&back=%2Fcars');
    expect(signInHref({ redirect: '//evil.com', back: 'https://evil.com' })).toBe('/sign-in');
  });

  it('reads it back, dropping unknown kinds and other sites', () => {
    expect(readSignInTarget('?type=checkout&redirect=%2Fcheckout&back=%2F')).toEqual({ type: 'checkout', redirect: '/checkout', back: '/' });
    expect(readSignInTarget('?type=root&redirect=%2F%2Fevil.com&back=javascript:alert(1)')).toEqual({});
    expect(readSignInTarget(new URLSearchParams({ redirect: '/a/..//evil.com' }))).toEqual({});
  });
});
