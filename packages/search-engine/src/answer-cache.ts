/**
 * Answers already given, as the JSON that was sent, by normalized query. A search page's
 * first requests are the same for every shopper who lands on it, so most requests repeat one
 * answered moments ago; replaying its bytes skips the search, the serialisation and the encoding.
 * Meilisearch keeps no such cache, but its answers come from memory-mapped indexes at a similar
 * cost per repeat.
 *
 * Bounded by entries and by bytes, least recently used first out. Whoever owns the engine owns the
 * cache and clears it (or drops it) when the documents or the caller's scope change: an entry
 * never outlives the stock it was computed from.
 */

/** One result as the UTF-8 JSON that was sent, `{"hits":…}`: replayed without encoding it again. */
export type CachedAnswer = Uint8Array<ArrayBuffer>;

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private held = 0;

  constructor(
    readonly maxEntries = 2000,
    /** Keys and answers together; a landing answer is about 90 KB. */
    readonly maxBytes = 32 * 1024 * 1024,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.held;
  }

  get(key: string): CachedAnswer | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, answer: CachedAnswer): void {
    const cost = key.length + answer.byteLength;
    if (cost > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, answer);
    this.held += cost;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= oldest.length + entry.byteLength;
    }
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= key.length + entry.byteLength;
  }
}
