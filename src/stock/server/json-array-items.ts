/**
 * The items of one array inside a JSON object, found in the file's bytes without decoding or
 * parsing the whole file, so a large stock file can be read a few cars at a time: each item is
 * decoded and parsed on its own, and neither decoding (3.4 MB of UTF-8 for 2,000 cars: about
 * 20 ms here) nor one `JSON.parse` holds the thread for the whole file.
 *
 * Only the item boundaries are found here (strings skipped with `indexOf`, brackets counted: JSON's
 * structure is ASCII, and no byte of a multi-byte UTF-8 character is); each item's own syntax is
 * checked by `JSON.parse` of the item, and the object around the array by `JSON.parse` of
 * `rest()`, so a file that is not JSON fails one way or the other.
 *
 *   const items = new JsonArrayItems(Buffer.from('{"source":"x","vehicles":[{"id":1},{"id":2}]}'), 'vehicles');
 *   items.next(1)  // ['{"id":1}']
 *   items.next(5)  // ['{"id":2}']
 *   items.next(5)  // [] (done)
 *   items.rest()   // '{"source":"x","vehicles":[]}'
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const isDelimiter = (c: number): boolean => isSpace(c) || c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COLON;

export class JsonArrayItems {
  /** Where the array's `[` is, or -1 when the object has no such array. */
  private readonly start: number;
  /** Where the next item (or the array's `]`) is looked for. */
  private at: number;
  /** Just after the array's `]`, once it has been reached. */
  private end = -1;
  /** Items read so far. */
  count = 0;

  constructor(
    private readonly text: Buffer,
    key: string,
  ) {
    this.start = this.findArray(key);
    this.at = this.start + 1;
  }

  get done(): boolean {
    return this.start === -1 || this.end !== -1;
  }

  /** Up to `max` more items' texts, in order; none once the array has ended. */
  next(max: number): string[] {
    const items: string[] = [];
    while (!this.done && items.length < max) {
      let i = this.space(this.at);
      if (this.text[i] === CLOSE_BRACKET && this.count === 0) {
        this.end = i + 1;
        break;
      }
      const itemEnd = this.skipValue(i);
      items.push(this.text.toString('utf8', i, itemEnd));
      this.count += 1;
      i = this.space(itemEnd);
      const c = this.text[i];
      if (c === COMMA) this.at = i + 1;
      else if (c === CLOSE_BRACKET) this.end = i + 1;
      else throw this.unexpected(i);
    }
    return items;
  }

  /** The whole text with the array emptied, for `JSON.parse`, once every item has been read. */
  rest(): string {
    if (this.start === -1) return this.text.toString('utf8');
    if (this.end === -1) throw new Error('JsonArrayItems.rest() before the last item was read');
    return `${this.text.toString('utf8', 0, this.start)}[]${this.text.toString('utf8', this.end)}`;
  }

  /** The position of the top-level object's `key` array; -1 when there is none (the schema says what is missing). */
  private findArray(key: string): number {
    let i = this.space(0);
    if (this.text[i] !== OPEN_BRACE) return -1;
    i = this.space(i + 1);
    while (this.text[i] === QUOTE) {
      const keyEnd = this.skipString(i);
      const name = JSON.parse(this.text.toString('utf8', i, keyEnd)) as string;
      i = this.space(keyEnd);
      if (this.text[i] !== COLON) throw this.unexpected(i);
      i = this.space(i + 1);
      if (name === key && this.text[i] === OPEN_BRACKET) return i;
      i = this.space(this.skipValue(i));
      if (this.text[i] !== COMMA) return -1;
      i = this.space(i + 1);
    }
    return -1;
  }

  private space(from: number): number {
    let i = from;
    while (i < this.text.length && isSpace(this.text[i]!)) i++;
    return i;
  }

  /** Just after the string whose opening quote is at `from`. */
  private skipString(from: number): number {
    let i = from + 1;
    for (;;) {
      const quote = this.text.indexOf(QUOTE, i);
      if (quote === -1) throw this.unexpected(this.text.length);
      // Escaped when an odd number of backslashes precede it.
      let slashes = 0;
      while (this.text[quote - 1 - slashes] === BACKSLASH) slashes++;
      if (slashes % 2 === 0) return quote + 1;
      i = quote + 1;
    }
  }

  /** Just after the value that starts at `from`. */
  private skipValue(from: number): number {
    const c = this.text[from];
    if (c === QUOTE) return this.skipString(from);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      let depth = 0;
      for (let i = from; i < this.text.length; i++) {
        const d = this.text[i];
        if (d === QUOTE) i = this.skipString(i) - 1;
        else if (d === OPEN_BRACE || d === OPEN_BRACKET) depth++;
        else if ((d === CLOSE_BRACE || d === CLOSE_BRACKET) && --depth === 0) return i + 1;
      }
      throw this.unexpected(this.text.length);
    }
    // A number, true, false or null: up to the next delimiter (JSON.parse of the item checks it).
    let i = from;
    while (i < this.text.length && !isDelimiter(this.text[i]!)) i++;
    if (i === from) throw this.unexpected(from);
    return i;
  }

  private unexpected(position: number): SyntaxError {
    return new SyntaxError(
      position >= this.text.length
        ? 'Unexpected end of JSON input'
        : `Unexpected character ${JSON.stringify(String.fromCharCode(this.text[position]!))} at byte ${position}`,
    );
  }
}
