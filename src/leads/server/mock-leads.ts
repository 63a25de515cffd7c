/**
 * What the test builds' /api/mock/leads adds to the real lead check (docs/decisions/leads.md
 * 'Test builds'): the mock error field is taken off the lead before the real check sees it, and
 * a lead that passes gets a made-up id, or the error the tester asked for, worded as the real
 * route words it. Nothing here stores or delivers anything.
 */
import { z } from 'zod';
import { isRecord } from '../../platform/formats/records';
import { CHECK_FIELDS, problem, type Answer, type Problem } from '../../platform/http/answers';
import { MOCK_ERROR_FIELD, MOCK_ERRORS, MOCK_LEAD_ID_PREFIX, type MockError } from '../model/leads-mode';

/** The choices the enquiry form's mock error select offers (model/leads-mode.ts). */
const mockErrorSchema = z.enum(MOCK_ERRORS, { error: `Must be one of ${MOCK_ERRORS.join(', ')}.` });

/** The real route's answers to a fault and to missing storage, which the mock errors repeat. */
export const LEAD_FAULT = 'Your enquiry could not be saved just now. Please try again.';
export const NO_LEAD_STORAGE = 'Lead storage is not configured';

export type TakenMockError = { ok: true; body: unknown; mockError?: MockError } | { ok: false; problem: Problem };

/** Splits `{ lead: { ..., mock_error } }` into the lead the real check sees and the error asked for. */
export function takeMockError(body: unknown): TakenMockError {
  if (!isRecord(body) || !isRecord(body.lead) || !(MOCK_ERROR_FIELD in body.lead)) return { ok: true, body };
  const { [MOCK_ERROR_FIELD]: asked, ...lead } = body.lead;
  // An empty choice is the select's "no error".
  if (asked === undefined || asked === null || asked === '') return { ok: true, body: { ...body, lead } };
  const parsed = mockErrorSchema.safeParse(asked);
  if (!parsed.success)
    return { ok: false, problem: problem(400, CHECK_FIELDS, { [`lead.${MOCK_ERROR_FIELD}`]: parsed.error.issues[0]?.message ?? 'Unknown mock error.' }) };
  return { ok: true, body: { ...body, lead }, mockError: parsed.data };
}

/** The error the real route gives for each kind a tester can ask for. */
export function mockErrorAnswer(kind: MockError): Problem {
  switch (kind) {
    case 'server':
      return problem(500, LEAD_FAULT);
    case 'validation':
      return problem(400, CHECK_FIELDS, { 'lead.email': 'Mock validation error (test build only).' });
    case 'unavailable':
      return problem(503, NO_LEAD_STORAGE);
  }
}

/** A made-up lead id, marked as one no dealer will ever see. */
export const newMockLeadId = (): string => `${MOCK_LEAD_ID_PREFIX}${globalThis.crypto.randomUUID()}`;

/** The real route's success answer: 201 for a new lead, 200 for a later step of one. */
export function mockAccepted(mode: 'create' | 'update', id: string = newMockLeadId()): Answer {
  return { status: mode === 'create' ? 201 : 200, body: { id } };
}
