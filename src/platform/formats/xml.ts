/**
 * Text for XML documents the platform writes (ADF/XML leads, inventory feeds): escaped, and the
 * characters XML 1.0 forbids removed, so no input can end an element or break the parse. No CDATA:
 * a CDATA section ends at the first `]]>`, which feed or shopper text can hold.
 *
 * `xmlText('<b>Tom & Jerry</b>')` is `&lt;b&gt;Tom &amp; Jerry&lt;/b&gt;`.
 */

// XML 1.0 Char production; anything else (C0 controls, lone surrogates, U+FFFE/U+FFFF) is dropped.
const illegalXmlChars = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text safe for element content and attribute values. */
export function xmlText(value: string | number): string {
  return String(value)
    .replace(illegalXmlChars, '')
    .replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}
