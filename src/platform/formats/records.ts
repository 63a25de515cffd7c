/**
 * Whether a value is a plain object to read fields from: JSON's `{...}`, not null and not an
 * array (both of which `typeof` also calls 'object'). Parsed request bodies and stored JSON are
 * checked with it before their fields are read.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether a name from the network is one of an object's own machinery. Assigned to an ordinary
 * object such a key does not become data (`o['__proto__'] = 'x'` is silently ignored), so input
 * keys with these names are refused by name wherever they could meet an object.
 */
export function isPrototypeKey(name: string): boolean {
  return PROTOTYPE_KEYS.has(name);
}
