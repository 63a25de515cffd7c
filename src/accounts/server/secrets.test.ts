import { describe, expect, it } from 'vitest';
import { codeHash, isToken, newSignInCode, randomToken, sha256Hex } from './secrets';

describe('sign-in secrets', () => {
  it('makes six-digit codes, leading zeros kept, spread over every digit', () => {
    const codes = Array.from({ length: 2000 }, newSignInCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // Every digit turns up in the first place: no code range is missing.
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('makes 32-byte URL-safe tokens, and knows its own from anything else', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isToken(token)).toBe(true);
    expect(randomToken()).not.toBe(token);
    for (const other of [undefined, '', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}/`, 42]) expect(isToken(other)).toBe(false);
  });

  it('hashes a code with its sign-in, so equal codes of two sign-ins differ', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(codeHash('one', '123456')).not.toBe(codeHash('two', '123456'));
    expect(codeHash('one', '123456')).toBe(codeHash('one', '123456'));
  });
});
