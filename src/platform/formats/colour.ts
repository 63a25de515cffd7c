/** WCAG relative luminance of "#rrggbb". */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * White or near-black text, whichever reads better on `background`. Dealers pick brand colours;
 * the site must stay readable (WCAG AA) whatever they pick.
 */
export function readableTextOn(background: string): '#ffffff' | '#111111' {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#111111') ? '#ffffff' : '#111111';
}

/** The brand colour itself when it is readable as text on white, else a darkened version. */
export function readableOnWhite(colour: string): string {
  let [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as [number, number, number];
  let hex = colour.toLowerCase();
  for (let i = 0; i < 20 && contrastRatio(hex, '#ffffff') < 4.6; i++) {
    [r, g, b] = [r, g, b].map((c) => Math.round(c * 0.85)) as [number, number, number];
    hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
  }
  return hex;
}

/** CSS custom properties for the dealer's theme; inputs are validated "#rrggbb" values. */
export function themeCss(theme: { primary: string; accent: string; dark: string }): string {
  return `:root{--brand:${theme.primary};--on-brand:${readableTextOn(theme.primary)};--brand-text:${readableOnWhite(theme.primary)};--accent:${theme.accent};--on-accent:${readableTextOn(theme.accent)};--dark:${theme.dark};--on-dark:${readableTextOn(theme.dark)}}`;
}
