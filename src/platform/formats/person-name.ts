/**
 * What a person's name may hold, in one place for every form that asks for one: the lead forms
 * (the browser's react-hook-form and the API's zod schemas alike, through `nameField`) and the
 * credit check's name as on a licence. Plain TypeScript, no zod.
 *
 * The spec says letters and spaces only; real names break that rule ("Mary O'Brien",
 * "Anne-Marie Smith", "Sam Smith Jr.", "Mere Tūhoe"), so a name may hold:
 *
 * - letters of any script, each with the combining marks typed after it ('e\u0301' is an é);
 * - plain spaces;
 * - apostrophes, straight ' and curly ’ (phones put the curly one in as the shopper types);
 * - hyphens and full stops.
 *
 * It starts with a letter, or with an apostrophe then a letter ("'t Hooft"): a name is never
 * only punctuation, and a leading hyphen or full stop is a typing slip no name has. Everything
 * else (digits, markup such as `<`, emoji, tabs, control characters) stays refused.
 */
const PERSON_NAME = /^['’]?\p{L}\p{M}*(?:\p{L}\p{M}*|[ '’.-])*$/u;

/** True when `text` (trimmed by the caller) is a name under the rule above. */
export function isPersonName(text: string): boolean {
  return PERSON_NAME.test(text);
}
