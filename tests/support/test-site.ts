/** A parsed demo config for unit tests: the fixture dealer, with overrides. */
import { readFileSync } from 'node:fs';
import { dealerConfigSchema, type DealerConfig, type DealerConfigInput } from '../../src/platform/config/schema';

export function testSite(overrides: Partial<DealerConfigInput> = {}): DealerConfig {
  const base = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as DealerConfigInput;
  return dealerConfigSchema.parse({ ...base, ...overrides });
}
