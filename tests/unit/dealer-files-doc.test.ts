/**
 * docs/dealer-files.md stays true to the schema: every top-level field of a dealer file has its
 * section, and each section's example, put into a demo dealer's file, is a valid dealer file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEALER_FILES_DIR } from '../support/test-site';
import { describe, expect, it } from 'vitest';
import { checkDealerText } from '../../src/platform/config/dealer-check';
import { formatProblem } from '../../src/platform/config/problems';
import { dealerJsonSchema } from '../../src/platform/config/json-schema';

const doc = readFileSync('docs/dealer-files.md', 'utf8');
const fields = Object.keys((JSON.parse(dealerJsonSchema()) as { properties: Record<string, unknown> }).properties).filter((field) => field !== '$schema');
const demo = JSON.parse(readFileSync(path.join(DEALER_FILES_DIR, 'kingfisher-toyota.json'), 'utf8')) as Record<string, unknown>;

/** The ```json block after a `### \`field\`` heading. */
function example(field: string): Record<string, unknown> | undefined {
  const at = doc.indexOf(`### \`${field}\``);
  if (at < 0) return undefined;
  const block = /```json\n([\s\S]*?)\n```/.exec(doc.slice(at));
  return block ? (JSON.parse(block[1]!) as Record<string, unknown>) : undefined;
}

describe('docs/dealer-files.md', () => {
  it.each(fields)('documents %s with an example a dealer file takes', (field) => {
    const shown = example(field);
    expect(shown, `a "### \`${field}\`" section with a json example`).toBeDefined();
    expect(Object.keys(shown!)).toEqual([field]);
    const { problems } = checkDealerText(JSON.stringify({ ...demo, ...shown }, null, 2), 'kingfisher-toyota.json');
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('shows a minimum file that is a valid dealer file', () => {
    const minimum = /## The minimum file[\s\S]*?```json\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '';
    const { problems } = checkDealerText(minimum, 'acme-motors.json');
    expect(problems.map(formatProblem)).toEqual([]);
  });
});
