/**
 * The browser's storage, or undefined where there is none or it refuses access (private
 * modes, disabled cookies and sandboxed frames throw on the property read itself).
 */
export function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return window[kind] ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * What `storage` holds under `key`, through `decode` (given null when nothing is there, or when
 * the storage refuses access, which reads as nothing remembered).
 */
export function readStored<T>(storage: Storage | undefined, key: string, decode: (raw: string | null) => T): T {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    // Refused access reads as nothing remembered.
  }
  return decode(raw);
}
