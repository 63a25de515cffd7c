/** Pure parts of the header autocomplete: what is searched, when, and which option is active. */

/** One letter matches half the stock; two start to mean something. */
export const MIN_QUERY_LENGTH = 2;
/** Typing settles before a search is sent. */
export const QUERY_DELAY_MS = 150;
/** The header search box's own maxlength. */
export const MAX_QUERY_LENGTH = 100;
export const RECENT_RESULTS = 20;

/** The text as searched: trimmed, inner spaces collapsed, capped. */
export function normaliseQuery(value: string): string {
  return value.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/**
 * The next active option for an arrow key. Moving past either end wraps round; from no active
 * option, Down starts at the first and Up at the last.
 */
export function moveActive(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0 || current >= count) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/** Answers already fetched, per query; the oldest is dropped when full. */
export class RecentResults<T> {
  readonly #entries = new Map<string, T>();
  constructor(readonly size = RECENT_RESULTS) {}

  get(query: string): T | undefined {
    return this.#entries.get(query);
  }

  set(query: string, value: T): void {
    this.#entries.delete(query);
    this.#entries.set(query, value);
    while (this.#entries.size > this.size) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }
}
