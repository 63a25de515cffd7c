// `client:interaction` (src/platform/astro/hydrate-on-interaction.ts), added by the client-directives
// integration. Its value, when given, is the localStorage key of details to prefill.
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: string | boolean;
  }
}
