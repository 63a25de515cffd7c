import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sampleIn } from '../../../tests/support/metrics';

describe('metrics across the processes of a cluster', () => {
  it('answer the whole platform from any serving process, leaving out one that does not report', () => {
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/platform/metrics/test-fixtures/cluster-platform.ts'], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stderr).toBe(0);
    const pages = JSON.parse(run.stdout) as string[];
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      // 1 + 2 from the sharing processes; the stuck one's 5 are left out, not waited for.
      expect(sampleIn(page, 'leads_accepted_total', { dealer: 'alpha', kind: 'enquiry' })).toBe(3);
      // The publish recorded in the first process.
      expect(sampleIn(page, 'site_build_duration_seconds_count', { dealer: 'alpha', kind: 'incremental', outcome: 'ok' })).toBe(1);
      expect(sampleIn(page, 'site_build_duration_seconds_sum', { dealer: 'alpha', kind: 'incremental', outcome: 'ok' })).toBe(3);
      // Process metrics of all three reporting processes, each metric once.
      expect(page.match(/^# TYPE process_cpu_user_seconds_total counter$/gm)).toHaveLength(1);
      expect(sampleIn(page, 'nodejs_version_info', {})).toBe(1);
    }
    // The stuck process costs the reportWithinMs wait (500 ms) once, not a hang.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 90_000);
});
