/**
 * Voucher codes a winner reads out at the dealership or types into an email: the prize's prefix,
 * a hyphen and eight characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S, 2/Z,
 * 8/B), so a code read over the phone or copied by hand is not mistaken for another.
 */
export const VOUCHER_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const VOUCHER_LENGTH = 8;

/** `<prefix>-<random>`: `randomInt(n)` gives a whole number in [0, n) (crypto.randomInt on the server). */
export function voucherCode(prefix: string, randomInt: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < VOUCHER_LENGTH; i++) code += VOUCHER_ALPHABET.charAt(randomInt(VOUCHER_ALPHABET.length));
  return `${prefix}-${code}`;
}

export const VOUCHER_PATTERN = new RegExp(`^[A-Z0-9]{2,8}-[${VOUCHER_ALPHABET}]{${VOUCHER_LENGTH}}$`);

export const isVoucherCode = (value: string): boolean => VOUCHER_PATTERN.test(value);
