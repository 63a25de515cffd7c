import { describe, expect, it } from 'vitest';
import { checkPlan, fileTimings, formatSummary, slowestFiles, stepsReady, type StepState, type TestStep } from './test-plan';

const step = (name: string, needs: string[] = []): TestStep => ({ name, cmd: 'npm', args: ['run', name], needs, background: needs.length === 0 });
const plan = [step('lint'), step('build'), step('unit'), step('browser', ['build'])];
const states = (entries: Record<string, StepState>): Map<string, StepState> => new Map(plan.map((s) => [s.name, entries[s.name] ?? 'waiting']));

describe('stepsReady', () => {
  it('starts every step that needs nothing at once', () => {
    expect(stepsReady(plan, states({})).map((s) => s.name)).toEqual(['lint', 'build', 'unit']);
  });

  it('holds a step until what it needs has passed or was skipped', () => {
    expect(stepsReady(plan, states({ lint: 'running', build: 'running', unit: 'running' }))).toEqual([]);
    expect(stepsReady(plan, states({ lint: 'running', build: 'failed', unit: 'running' }))).toEqual([]);
    expect(stepsReady(plan, states({ lint: 'running', build: 'passed', unit: 'running' })).map((s) => s.name)).toEqual(['browser']);
    expect(stepsReady(plan, states({ lint: 'passed', build: 'skipped', unit: 'passed' })).map((s) => s.name)).toEqual(['browser']);
  });

  it('never starts a step twice', () => {
    expect(stepsReady(plan, states({ lint: 'passed', build: 'passed', unit: 'passed', browser: 'running' }))).toEqual([]);
  });
});

describe('checkPlan', () => {
  it('accepts a plan whose steps can all start', () => {
    expect(() => checkPlan(plan)).not.toThrow();
  });

  it('names a need that is not a step', () => {
    expect(() => checkPlan([step('browser', ['biuld'])])).toThrow('browser needs biuld, which is not a step');
  });

  it('names steps whose needs go round in a circle', () => {
    expect(() => checkPlan([step('a', ['b']), step('b', ['a']), step('c')])).toThrow('a, b can never start');
  });
});

describe('fileTimings', () => {
  const report = {
    testResults: [
      { name: '/repo/src/a.test.ts', startTime: 1_000, endTime: 3_500, status: 'passed' },
      { name: '/elsewhere/b.test.ts', startTime: 0, endTime: 250, status: 'failed' },
      { name: '/repo/src/c.test.ts', status: 'skipped' },
    ],
  };

  it('reads each file’s time from its start and end, relative to the project', () => {
    expect(fileTimings(report, 'test:unit', '/repo')).toEqual([
      { file: 'src/a.test.ts', seconds: 2.5, step: 'test:unit' },
      { file: '/elsewhere/b.test.ts', seconds: 0.25, step: 'test:unit' },
    ]);
  });

  it('reads nothing from a report that is not one', () => {
    expect(fileTimings(null, 'x', '/repo')).toEqual([]);
    expect(fileTimings({ testResults: 'no' }, 'x', '/repo')).toEqual([]);
  });
});

describe('slowestFiles', () => {
  it('keeps the slowest, slowest first', () => {
    const timings = [3, 9, 1, 7].map((seconds, i) => ({ file: `f${i}.test.ts`, seconds, step: 'unit' }));
    expect(slowestFiles(timings, 2).map((t) => t.file)).toEqual(['f1.test.ts', 'f3.test.ts']);
  });
});

describe('formatSummary', () => {
  it('prints each step’s start and time, the wall clock and the slowest files', () => {
    const text = formatSummary(
      [
        { name: 'build', state: 'passed', startedAt: 0, seconds: 120.04 },
        { name: 'test:browser', state: 'failed', startedAt: 120.1, seconds: 600 },
        { name: 'never', state: 'waiting', seconds: 0 },
      ],
      720.5,
      [{ file: 'tests/browser/search.test.ts', seconds: 95.25, step: 'test:browser' }],
    );
    expect(text).toMatchInlineSnapshot(`
      "Steps:
        step          result     start     took
        build         passed      0.0s   120.0s
        test:browser  failed    120.1s   600.0s
        never         waiting
        wall clock                       720.5s

      Slowest 1 test files:
          95.3s  tests/browser/search.test.ts  (test:browser)"
    `);
  });
});
