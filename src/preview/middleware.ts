/**
 * The preview's page middleware (added by src/preview/integration.ts): an HTML page gets the
 * checks panel of the latest save, and no page is cached, so a reload shows the files as they are
 * now. Which dealer the page renders as is settled before Astro sees the request (the
 * integration's `pagesAsDealer`).
 */
import type { MiddlewareHandler } from 'astro';
import { checksPanel, withChecksPanel } from './checks-panel';
import { previewState, REVISION_LOCAL } from './preview-state';
import { reloadScript } from './live-reload';

export const onRequest: MiddlewareHandler = async (context, next) => {
  const state = previewState();
  if (!state) return next();
  const response = await next();
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('cache-control', 'no-store');
  if (!(headers.get('content-type') ?? '').includes('text/html')) return new Response(body, { status: response.status, headers });
  // The revision the page was rendered at: a save since then reloads it as soon as its script runs.
  const given = (context.locals as Record<string, unknown>)[REVISION_LOCAL];
  const revision = typeof given === 'number' ? given : state.revision;
  const html = withChecksPanel(new TextDecoder().decode(body), `${checksPanel(state.checks)}${reloadScript(revision)}`);
  return new Response(html, { status: response.status, headers });
};
