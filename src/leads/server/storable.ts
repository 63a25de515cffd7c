/**
 * What no lead body may carry, whatever its form: nesting deeper than any form needs (hostile
 * bodies nest thousands deep to exhaust the stack), and text Postgres jsonb cannot hold (NUL,
 * lone UTF-16 surrogates), which would fail the whole insert. The field schemas refuse such text
 * in form fields; this is the net under everything else a body carries (keys, context fields),
 * so such a body is a 400 naming the place rather than a 500.
 */
import { hasUnsafeCharacters, maskUnstorable, type UnsafeLevel } from '../../platform/formats/unsafe-text';

/** Deeper than any lead needs ({ lead: { linked_query_params: { ... } } } is 3). */
export const MAX_DEPTH = 16;

export interface StorableRule {
  /** Deepest nesting taken (the body itself is depth 0); MAX_DEPTH by default. */
  maxDepth?: number;
  /** Which text is refused, in keys and values: only what storage cannot hold, by default. */
  refuse?: UnsafeLevel;
}

const place = (path: string, key: string | number): string => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

export type StorableCheck = { ok: true } | { ok: false; error: string; fields: Record<string, string> };

/** Walks the parsed body breadth-first, so depth is checked before anything recurses. */
export function checkStorable(body: unknown, { maxDepth = MAX_DEPTH, refuse = 'storage' }: StorableRule = {}): StorableCheck {
  const unsafe = (text: string) => hasUnsafeCharacters(text, true, refuse);
  let level: { value: unknown; path: string }[] = [{ value: body, path: '' }];
  for (let depth = 0; level.length > 0; depth++) {
    if (depth > maxDepth) return { ok: false, error: 'The request is nested too deeply.', fields: {} };
    const next: { value: unknown; path: string }[] = [];
    for (const { value, path } of level) {
      if (typeof value === 'string') {
        if (unsafe(value)) return unstorable(path || '(body)');
      } else if (Array.isArray(value)) {
        value.forEach((inner, i) => next.push({ value: inner, path: place(path, i) }));
      } else if (value !== null && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (unsafe(key)) return unstorable(place(path, maskUnstorable(key)));
          next.push({ value: inner, path: place(path, key) });
        }
      }
    }
    level = next;
  }
  return { ok: true };
}

const unstorable = (path: string): StorableCheck => ({
  ok: false,
  error: 'Some text contains characters that cannot be accepted.',
  fields: { [path]: 'Contains characters that cannot be accepted.' },
});
