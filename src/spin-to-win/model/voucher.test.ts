import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isVoucherCode, VOUCHER_ALPHABET, voucherCode } from './voucher';

describe('voucher codes', () => {
  it('are the prefix, a hyphen and eight characters without look-alikes', () => {
    for (const ambiguous of ['0', 'O', '1', 'I', 'L', '5', 'S', '2', 'Z', '8', 'B']) expect(VOUCHER_ALPHABET).not.toContain(ambiguous);
    expect(new Set(VOUCHER_ALPHABET).size).toBe(VOUCHER_ALPHABET.length);
    const code = voucherCode('SERVICE', randomInt);
    expect(code).toMatch(/^SERVICE-[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    expect(isVoucherCode(code)).toBe(true);
    expect(isVoucherCode('SERVICE-O0IL1SZB')).toBe(false);
  });

  it('take each character from the random source', () => {
    const picks = [0, 1, 2, 3, 4, 5, 6, 24];
    let i = 0;
    expect(voucherCode('AB', () => picks[i++] ?? 0)).toBe('AB-34679ACY');
  });

  it('differ from draw to draw', () => {
    const codes = new Set(Array.from({ length: 1000 }, () => voucherCode('FUEL', randomInt)));
    expect(codes.size).toBe(1000);
  });
});
