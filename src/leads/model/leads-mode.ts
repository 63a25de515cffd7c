/**
 * Test builds (docs/decisions/leads.md 'Test builds'): a site built with LEADS_MODE=mock is for
 * trying a dealer's site out (staging, QA) without leads reaching the dealer. Its pages carry a
 * `leads-mode` meta tag, so every lead form sends to /api/mock/leads, which checks the lead as the
 * real route does and keeps and delivers nothing; its enquiry form also offers a mock error, so
 * testers can see the form's error states.
 */
// No zod here: lead clients and islands import this, and must not bundle it.
export const LEADS_MODE_ENV = 'LEADS_MODE';
/** The meta tag a test build's pages carry (content "mock"); a normal build's pages have none. */
export const LEADS_MODE_META = 'leads-mode';

export type LeadsMode = 'live' | 'mock';

/**
 * The leads mode a build runs in. A value other than mock or live is refused rather than read as
 * live: a misspelt switch must fail the build, not send a tester's leads to the dealer.
 */
export function leadsModeOf(env: Readonly<Record<string, string | undefined>>): LeadsMode {
  const value = env[LEADS_MODE_ENV]?.trim() ?? '';
  if (value === '' || value === 'live') return 'live';
  if (value === 'mock') return 'mock';
  throw new Error(`${LEADS_MODE_ENV} must be "mock" (a test build) or "live" (or unset), not ${JSON.stringify(value)}.`);
}

/** How the mock route's made-up lead ids start; real ids are UUIDs. */
export const MOCK_LEAD_ID_PREFIX = 'mock-';

/** A lead id the mock route made up: no stored lead has it, so nothing can be linked to it. */
export const isMockLeadId = (id: string | null | undefined): boolean => typeof id === 'string' && id.startsWith(MOCK_LEAD_ID_PREFIX);

/** The lead field, accepted by the mock route only, that asks it to answer with an error. */
export const MOCK_ERROR_FIELD = 'mock_error';
export const MOCK_ERROR_LABEL = 'Mock error (test build only)';

/** Errors the real route can give: a fault on our side (500), a refused field (400), no lead storage (503). */
export const MOCK_ERRORS = ['server', 'validation', 'unavailable'] as const;
export type MockError = (typeof MOCK_ERRORS)[number];

export const MOCK_ERROR_CHOICES: readonly { value: MockError; label: string }[] = [
  { value: 'server', label: 'Server error (500)' },
  { value: 'validation', label: 'Validation error (400)' },
  { value: 'unavailable', label: 'Lead storage unavailable (503)' },
];
