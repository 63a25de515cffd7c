/**
 * Content Security Policy. Astro hashes every inline script and style it emits and writes the
 * policy into each page as a <meta> tag, so a page is protected on any CDN. `frame-ancestors`
 * cannot live in a <meta> policy; the server (and a CDN's header rules) add `headerPolicy`.
 */
export const contentSecurityPolicy = {
  algorithm: 'SHA-256',
  directives: [
    "default-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self' https:",
    // Location maps are an embedded maps iframe, and only when a maps key is configured.
    'frame-src https://www.google.com',
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ],
  scriptDirective: { resources: ["'self'"] },
  styleDirective: { resources: ["'self'"] },
} as const;

/** Security headers for every response of the platform's server. */
export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': "frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(self), payment=(self)',
};
