/**
 * The entry of the site bundle (src/publish/adapter.ts): Astro hands it the bundle's manifest and
 * it exports the renderer the publish code calls.
 */
import type { SSRManifest } from 'astro';
import { createSiteRenderer } from './site-renderer';

export function createExports(manifest: SSRManifest): { renderer: ReturnType<typeof createSiteRenderer> } {
  return { renderer: createSiteRenderer(manifest) };
}
