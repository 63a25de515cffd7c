/** Cuts `text` at the last word break at or before `limit` characters, adding an ellipsis. */
export function truncateAtWord(text: string, limit: number): { text: string; truncated: boolean } {
  const clean = text.trim();
  if (clean.length <= limit) return { text: clean, truncated: false };
  const cut = clean.slice(0, limit + 1);
  const lastSpace = cut.lastIndexOf(' ');
  const head = (lastSpace > 0 ? cut.slice(0, lastSpace) : clean.slice(0, limit)).replace(/[\s,;:.-]+$/, '');
  return { text: `${head}…`, truncated: true };
}
