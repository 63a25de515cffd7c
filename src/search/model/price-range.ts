/**
 * What stands between the two ends of a price range written out, wherever the site reads one: a
 * menu link in the dealer file (`range[price]=$20,000 - $30,000`), a feed's price band, or a
 * shopper's typed search ('suv $20k – $30k'). One rule, so a range that reads in one of those
 * places reads in all of them.
 */

/**
 * A hyphen or any dash, a minus sign, or the word "to", with any spaces around it. Phones and word
 * processors turn a typed " - " into an en or em dash, and prices copied from a page bring
 * non-breaking or thin spaces with them (`\s` covers those). "to" counts only as a word of its
 * own, so 'Toyota' has no separator in it. For a RegExp with the `i` flag.
 */
export const PRICE_RANGE_SEPARATOR = String.raw`\s*(?:[-\u2010-\u2015\u2212]|(?<![a-z])to(?![a-z]))\s*`;

const SEPARATOR = new RegExp(PRICE_RANGE_SEPARATOR, 'i');

/**
 * The two ends of a price range as written: '$20,000 – $30,000' → ['$20,000', '$30,000'], an open
 * end empty ('$20,000 -' → ['$20,000', '']). Undefined unless there is exactly one separator.
 */
export function priceRangeEnds(label: string): [string, string] | undefined {
  const [low, high, ...more] = label.trim().split(SEPARATOR);
  return low !== undefined && high !== undefined && more.length === 0 ? [low, high] : undefined;
}
