/**
 * Feed text made fit for the site, whatever the dealer's system sent: control characters and
 * bidirectional overrides removed (a right-to-left override would show a car's name backwards on
 * its page), one line for every field but the description, and an HTML description turned into
 * plain paragraphs. The page escapes the result like any text and shows the description with its
 * line breaks (`white-space: pre-line`), so no markup from a feed is ever rendered.
 */
import { compile } from 'html-to-text';
import { withoutUnsafeCharacters } from '../../platform/formats/unsafe-text';
import { truncateAtWord } from '../../platform/formats/text';

/** The description's cap in the stock (vehicleSchema); longer text is cut at a word, not refused. */
export const DESCRIPTION_MAX = 5000;

/** One line: line breaks and tabs become spaces, unsafe characters go, runs of spaces become one. */
export function cleanLine(text: string): string {
  return withoutUnsafeCharacters(text.replace(/[\t\n\r\u2028\u2029\u0085]+/g, ' '), false)
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Tags or character references: text a dealer system wrote as HTML. */
const LOOKS_LIKE_HTML = /<\/?[a-z][a-z0-9]*(\s[^>]*)?\/?>|&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

/** More HTML than this is cut before converting: the text is capped at 5,000 characters anyway. */
const HTML_MAX = 100_000;

const toText = compile({
  wordwrap: false as const,
  // Markup nested deeper than any description needs is read past, so a hostile feed cannot make
  // the conversion recurse without end.
  limits: { maxDepth: 64, maxInputLength: HTML_MAX, ellipsis: '' },
  selectors: [
    // The link's words stay; where it pointed does not (it may be anything, javascript: included).
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'ul', options: { itemPrefix: '• ' } },
  ],
});

/**
 * A description as plain paragraphs: HTML becomes text (paragraphs and breaks kept, list items as
 * "• " lines, links' words without their targets, scripts and images dropped), unsafe characters
 * go, lines are trimmed, no more than one blank line between paragraphs, and text longer than the
 * stock holds is cut at a word with an ellipsis.
 */
export function cleanDescription(text: string): string {
  const plain = LOOKS_LIKE_HTML.test(text) ? toText(text.slice(0, HTML_MAX)) : text;
  const tidy = withoutUnsafeCharacters(plain.replace(/\r\n?/g, '\n').replace(/[\u2028\u2029]/g, '\n'), true)
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return truncateAtWord(tidy, DESCRIPTION_MAX - 1).text;
}

/**
 * A raw row with every text in it cleaned: strings, strings in lists, and image URLs. Numbers,
 * booleans and anything else pass as they are, for the schema to judge.
 */
export function cleanRowText(raw: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (typeof value === 'string') out[field] = field === 'description' ? cleanDescription(value) : cleanLine(value);
    else if (Array.isArray(value)) {
      out[field] = value.map((item: unknown) => {
        if (typeof item === 'string') return cleanLine(item);
        if (typeof item === 'object' && item !== null && !Array.isArray(item) && typeof (item as { image_url?: unknown }).image_url === 'string') {
          return { ...item, image_url: cleanLine((item as { image_url: string }).image_url) };
        }
        return item;
      });
    } else out[field] = value;
  }
  return out;
}
