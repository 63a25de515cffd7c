/**
 * The characters that text from outside may not carry, in one place for every check that refuses
 * them: lead form fields (in the browser and the API), the net under whole lead bodies, the
 * provider routes' values and stock feeds. Three levels, each refusing everything the one before
 * it does:
 *
 * - `'storage'`: NUL and lone UTF-16 surrogate halves. Postgres jsonb cannot hold them (the
 *   whole insert fails), and a lone half cannot be written as UTF-8 at all, so a page would show
 *   it as U+FFFD and a strict JSON reader (Meilisearch's) refuses the document. The net under
 *   bodies whose other rules are checked elsewhere.
 * - `'controls'`: also the ASCII control characters (C0 and DEL). Nobody types them, and in a
 *   CSV export, a terminal or an email they do harm. Values kept as they were sent.
 * - `'display'`: also the C1 control characters and the bidirectional overrides and isolates,
 *   which make a CRM show text in a different order than it was sent. What a lead form field refuses.
 *
 * Tab, line feed and carriage return pass the 'controls' and 'display' levels only in multi-line
 * text (`multiline`, the default); a single-line field refuses them.
 */
export type UnsafeLevel = 'storage' | 'controls' | 'display';

const STRICTNESS: Record<UnsafeLevel, number> = { storage: 0, controls: 1, display: 2 };

const isLineBreakOrTab = (c: number): boolean => c === 0x09 || c === 0x0a || c === 0x0d;
const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number): boolean => c >= 0xdc00 && c <= 0xdfff;
const isBidiControl = (c: number): boolean => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);

/** True when `text` holds a character that `level` refuses (see above). */
export function hasUnsafeCharacters(text: string, multiline = true, level: UnsafeLevel = 'display'): boolean {
  const strictness = STRICTNESS[level];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isHighSurrogate(c)) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return true;
      i++;
    } else if (isLowSurrogate(c) || c === 0) {
      return true;
    } else if (strictness >= STRICTNESS.controls && (c < 0x20 ? !(multiline && isLineBreakOrTab(c)) : c === 0x7f)) {
      return true;
    } else if (strictness >= STRICTNESS.display && ((c >= 0x80 && c <= 0x9f) || isBidiControl(c))) {
      return true;
    }
  }
  return false;
}

/** `text` with each character the 'storage' level refuses replaced by '?', so a message can quote it. */
export function maskUnstorable(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isHighSurrogate(c) && isLowSurrogate(text.charCodeAt(i + 1))) {
      out += text.slice(i, i + 2);
      i++;
    } else {
      out += c === 0 || isHighSurrogate(c) || isLowSurrogate(c) ? '?' : text[i];
    }
  }
  return out;
}

/**
 * `text` without the characters `level` refuses (see above), for text that is cleaned rather than
 * refused: a stock feed's cells, where one stray right-to-left override from a dealer system must
 * not cost a car its listing. Single-line text (`multiline` false) loses its tabs and line breaks
 * too; whitespace is otherwise left as it was.
 */
export function withoutUnsafeCharacters(text: string, multiline = true, level: UnsafeLevel = 'display'): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (isHighSurrogate(text.charCodeAt(i)) && isLowSurrogate(text.charCodeAt(i + 1))) {
      out += text.slice(i, i + 2);
      i++;
    } else if (!hasUnsafeCharacters(text[i]!, multiline, level)) {
      out += text[i];
    }
  }
  return out;
}
