/**
 * Meilisearch filter syntax, written once for every part that builds or checks a filter: the
 * search pages, the car page's live refresh, the dealer file's own filters.
 */

/**
 * A value as a Meilisearch quoted string. Double quotes are stripped and backslashes doubled,
 * because inside quotes Meilisearch reads `\` as an escape: a doubled one stands for itself, so
 * the value comes back exactly (less its double quotes) and nothing in it can end the string
 * early. OR, AND, brackets and parentheses in a value stay part of the value.
 * `Land Rover` becomes `"Land Rover"`; `a\b` becomes `"a\\b"`.
 */
export function quoteFilterValue(value: string): string {
  return `"${value.replace(/"/g, '').replace(/\\/g, '\\\\')}"`;
}

/**
 * Whether a raw filter's parentheses balance outside quoted strings. An unbalanced site filter
 * wrapped in parentheses could close them itself and OR with everything after it.
 */
export function isBalancedFilter(raw: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charAt(i);
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return false;
  }
  return depth === 0 && quote === undefined;
}
