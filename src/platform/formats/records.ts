/**
 * Whether a value is a plain object to read fields from: JSON's `{...}`, not null and not an
 * array (both of which `typeof` also calls 'object'). Parsed request bodies and stored JSON are
 * checked with it before their fields are read.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
