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
