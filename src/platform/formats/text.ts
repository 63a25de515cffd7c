/**
 * Cuts `text` at the last word break (space, newline or tab) at or before `limit` characters,
 * adding an ellipsis. Used for model blurbs (75) and review text (160).
 */
export function truncateAtWord(text: string, limit: number): { text: string; truncated: boolean } {
  const clean = text.trim();
  if (clean.length <= limit) return { text: clean, truncated: false };
  const window = clean.slice(0, limit + 1);
  const lastBreak = Math.max(window.lastIndexOf(' '), window.lastIndexOf('\n'), window.lastIndexOf('\t'));
  let head = lastBreak > 0 ? clean.slice(0, lastBreak) : clean.slice(0, limit);
  // A hard cut must not split an emoji's surrogate pair.
  if (lastBreak <= 0 && /[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  return { text: `${head.replace(/[\s,;:.\-–—]+$/, '')}…`, truncated: true };
}

/** Text made safe to place in HTML, inside elements or quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One line of plain text: control, line-separator and bidirectional-override characters become spaces. */
export function singleLine(text: string, max = 200): string {
  const line = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(line);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}
