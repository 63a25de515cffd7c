/**
 * URL slugs for names from dealer config (locations, body styles, makes).
 * Diacritics are folded rather than dropped so "Citroën" stays readable as "citroen".
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
