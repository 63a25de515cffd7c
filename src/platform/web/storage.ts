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
