import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeHash, isToken, keyedHash, newSignInCode, randomToken, SECRET_FILE, accountsSecret, sha256Hex } from './secrets';

const SECRET = 'x'.repeat(32);

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

  it('hashes a code with its sign-in under the server secret: equal codes of two sign-ins, or of two secrets, differ', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(codeHash(SECRET, 'one', '123456')).not.toBe(codeHash(SECRET, 'two', '123456'));
    expect(codeHash(SECRET, 'one', '123456')).toBe(codeHash(SECRET, 'one', '123456'));
    expect(codeHash(SECRET, 'one', '123456')).not.toBe(codeHash('y'.repeat(32), 'one', '123456'));
    expect(codeHash(SECRET, 'one', '123456')).not.toBe(sha256Hex('one:123456'));
    // RFC 4231 test case 2: HMAC-SHA-256 itself.
    expect(keyedHash('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('accountsSecret', () => {
  it('takes ACCOUNTS_SECRET, and refuses one too short to be a secret', () => {
    expect(accountsSecret({ ACCOUNTS_SECRET: ` ${SECRET} ` }, '/nowhere')()).toBe(SECRET);
    expect(() => accountsSecret({ ACCOUNTS_SECRET: 'short' }, '/nowhere')).toThrow('ACCOUNTS_SECRET must be at least 32 characters');
  });

  it('without it, makes one on first use, keeps it for its owner only, and reads the same one back', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'secret-root-'));
    const first = accountsSecret({}, root)();
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = path.join(root, SECRET_FILE);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(accountsSecret({ ACCOUNTS_SECRET: '' }, root)()).toBe(first);
  });

  it('keeps a secret another process wrote first', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'secret-root-'));
    const theirs = randomToken();
    mkdirSync(path.dirname(path.join(root, SECRET_FILE)), { recursive: true });
    writeFileSync(path.join(root, SECRET_FILE), `${theirs}\n`);
    expect(accountsSecret({}, root)()).toBe(theirs);
  });
});
