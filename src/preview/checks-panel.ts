/**
 * The preview's checks shown in the page: a panel fixed to the foot of the window, announced to
 * screen readers (an alert when the file has errors, a status when it only has warnings), that
 * says which file, what is wrong and that the page shows the last good version meanwhile.
 * Messages quote what the editor wrote, so every one is escaped: shown as text, never as markup.
 */
import { escapeHtml } from '../platform/formats/text';
import type { PreviewChecks } from './checks';

export const PANEL_ID = 'dealer-preview-checks';

const list = (lines: readonly string[]): string =>
  `<ul style="margin:.25rem 0 0;padding-left:1.25rem">${lines.map((line) => `<li style="white-space:pre-wrap;margin:.25rem 0">${escapeHtml(line)}</li>`).join('')}</ul>`;

/**
 * The panel's HTML, or '' when the checks found nothing to say. `showingLastGood`: the page
 * behind it is the last version that passed (false while no version has).
 */
export function checksPanel(checks: PreviewChecks, showingLastGood = true): string {
  const { errors, warnings } = checks;
  if (errors.length === 0 && warnings.length === 0) return '';
  const failing = errors.length > 0;
  const heading = failing
    ? `${escapeHtml(checks.file)} has ${errors.length === 1 ? 'a problem' : `${errors.length} problems`}${showingLastGood ? ': this page shows the last version that passed' : ''}`
    : `${escapeHtml(checks.file)}: ${warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`}`;
  const colours = failing ? 'background:#fff1f0;color:#5c0b06;border-top:4px solid #b42318' : 'background:#fffaeb;color:#4e2a04;border-top:4px solid #b54708';
  return [
    `<section id="${PANEL_ID}" role="${failing ? 'alert' : 'status'}" aria-labelledby="${PANEL_ID}-heading"`,
    ` style="position:fixed;inset:auto 0 0 0;z-index:2147483647;max-height:45vh;overflow:auto;${colours};font:15px/1.45 system-ui,sans-serif;box-shadow:0 -2px 12px rgba(0,0,0,.2)">`,
    `<div style="padding:.75rem 1rem">`,
    `<h2 id="${PANEL_ID}-heading" style="font-size:1rem;margin:0">${heading}</h2>`,
    failing ? `<p style="margin:.5rem 0 0">Fix ${errors.length === 1 ? 'it' : 'them'} and save: the page reloads by itself.</p>${list(errors)}` : '',
    warnings.length > 0 ? `${failing ? `<h3 style="font-size:1rem;margin:.75rem 0 0">Warnings</h3>` : ''}${list(warnings)}` : '',
    `</div></section>`,
  ].join('');
}

/** `html` with the panel placed last in its body (or at its end when it has no `</body>`). */
export function withChecksPanel(html: string, panel: string): string {
  if (!panel) return html;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? `${html}${panel}` : `${html.slice(0, end)}${panel}${html.slice(end)}`;
}

/**
 * What the preview shows until the dealer file first passes its checks: no version to render
 * yet, and why. It loads Vite's client, so the save that fixes the file reloads it.
 */
export function waitingPage(checks: PreviewChecks): string {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Preview waiting for a dealer file that passes its checks</title><script type="module" src="/@vite/client"></script></head><body><main><h1>No version of ${escapeHtml(checks.file)} has passed its checks yet</h1><p>Fix the problems shown and save: the page reloads by itself.</p></main></body></html>`;
  return withChecksPanel(page, checksPanel(checks, false));
}
