/**
 * JSON for a <script type="application/ld+json"> block. `<`, `>` and `&` are escaped as
 * unicode so no config text can close the script element or open a comment; the JSON stays
 * equal to the input when parsed.
 */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
