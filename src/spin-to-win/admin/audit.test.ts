import { beforeEach, describe, expect, it } from 'vitest';
import { spinDraws } from '../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import { CliError, type OpenForCli } from '../../leads/admin/cli';
import { drawPrize, type Odds } from '../model/draw';
import { auditDraws, chiSquareUpperTail, formatAudit, parseAuditArgs, runAudit } from './audit';

/** A seeded roll sequence in [0, 1) (mulberry32). */
function seededRolls(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const labels = new Map([
  ['service', 'Free service'],
  ['fuel', '$50 fuel card'],
  ['none', 'Better luck next time'],
]);
const odds: Odds = { service: 1, fuel: 3, none: 6 };

function fairDraws(n: number, seed = 7): { prize_id: string; odds: Odds }[] {
  const roll = seededRolls(seed);
  return Array.from({ length: n }, () => ({ prize_id: drawPrize(odds, roll()) ?? '', odds }));
}

describe('the chi-square tail', () => {
  it('matches the textbook critical values', () => {
    expect(chiSquareUpperTail(3.841, 1)).toBeCloseTo(0.05, 3);
    expect(chiSquareUpperTail(5.991, 2)).toBeCloseTo(0.05, 3);
    expect(chiSquareUpperTail(13.816, 2)).toBeCloseTo(0.001, 4);
    expect(chiSquareUpperTail(18.307, 10)).toBeCloseTo(0.05, 3);
    expect(chiSquareUpperTail(0.5, 3)).toBeCloseTo(0.9189, 3);
    expect(chiSquareUpperTail(0, 4)).toBe(1);
  });
});

describe('auditing draws', () => {
  it('finds draws that follow their odds consistent with them', () => {
    const audit = auditDraws(fairDraws(5000), labels);
    expect(audit.total).toBe(5000);
    expect(audit.degreesOfFreedom).toBe(2);
    expect(audit.pValue).toBeGreaterThan(0.01);
    const fuel = audit.prizes.find((p) => p.id === 'fuel');
    expect(fuel?.expected).toBeCloseTo(0.3, 10);
    expect(fuel?.observed).toBeCloseTo(0.3, 1);
    expect(formatAudit(audit, 'Audit')).toContain('The draws are consistent with their recorded odds.');
  });

  it('flags draws that do not follow their odds', () => {
    // The fuel card won far more often than its 30%.
    const rigged = [...fairDraws(1000)].map((d, i) => (i % 2 === 0 ? { ...d, prize_id: 'fuel' } : d));
    const audit = auditDraws(rigged, labels);
    expect(audit.pValue).toBeLessThan(0.01);
    expect(formatAudit(audit, 'Audit')).toContain('do not follow their recorded odds');
  });

  it('takes each draw’s own odds, so prizes going out of stock are expected less', () => {
    const draws = [
      { prize_id: 'service', odds: { service: 1, fuel: 1, none: 2 } },
      { prize_id: 'fuel', odds: { service: 0, fuel: 1, none: 1 } },
      { prize_id: 'none', odds: { service: 0, fuel: 0, none: 1 } },
    ];
    const audit = auditDraws(draws, labels);
    expect(audit.prizes.find((p) => p.id === 'service')?.expected).toBeCloseTo(0.25 / 3, 10);
    expect(audit.prizes.find((p) => p.id === 'fuel')?.expected).toBeCloseTo((0.25 + 0.5) / 3, 10);
    expect(audit.prizes.find((p) => p.id === 'none')?.expected).toBeCloseTo((0.5 + 0.5 + 1) / 3, 10);
    expect(audit.prizes.every((p) => p.impossible === 0)).toBe(true);
  });

  it('names a prize drawn at odds of 0', () => {
    const audit = auditDraws([...fairDraws(50), { prize_id: 'service', odds: { service: 0, fuel: 3, none: 6 } }], labels);
    expect(audit.pValue).toBe(0);
    expect(formatAudit(audit, 'Audit')).toContain('WARNING: Free service (service) was drawn 1 time(s) when its odds were 0.');
  });

  it('has nothing to test without draws', () => {
    const audit = auditDraws([], labels);
    expect(audit.pValue).toBeUndefined();
    expect(formatAudit(audit, 'Audit')).toContain('not enough to test');
  });
});

describe('the command line', () => {
  it('reads --dealer and --campaign', () => {
    expect(parseAuditArgs(['--dealer', 'kingfisher-toyota', '--campaign=summer-spin'])).toEqual({ dealer: 'kingfisher-toyota', campaign: 'summer-spin' });
    expect(() => parseAuditArgs([])).toThrow('--dealer <slug> is required');
    expect(() => parseAuditArgs(['--dealer', 'a', '--campaign', 'Bad Id'])).toThrow('--campaign must be a campaign id');
    expect(() => parseAuditArgs(['--dealer', 'a', '--bogus'])).toThrow(CliError);
  });
});

describe.each(testDatabaseKinds())('spin:audit on %s', (kind) => {
  const db = useTestDatabase(kind);
  const open: OpenForCli = () => Promise.resolve({ database: db.current, close: () => Promise.resolve() });

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    await db.current.db.delete(spinDraws);
  });

  it('reports a campaign’s recorded draws', async () => {
    const draws = fairDraws(300, 11);
    await db.current.db.insert(spinDraws).values(
      draws.map((d, i) => ({
        dealer: 'kingfisher-toyota',
        campaign: 'summer-spin',
        account_id: `account-${i}`,
        prize_id: d.prize_id,
        roll: '0.5',
        odds: d.odds,
      })),
    );
    await db.current.db.insert(spinDraws).values({ dealer: 'lone-star-auto', campaign: 'summer-spin', account_id: 'x', prize_id: 'fuel', roll: '0.1', odds });
    const report = await runAudit({ dealer: 'kingfisher-toyota', campaign: 'summer-spin' }, { dealersDir: DEALER_FILES_DIR, open });
    expect(report).toContain('Spin-to-win audit: Kingfisher Toyota, campaign summer-spin');
    expect(report).toContain('300 draws');
    const fuelCount = draws.filter((d) => d.prize_id === 'fuel').length;
    expect(report).toMatch(new RegExp(`^fuel\\s+${fuelCount}\\s+[\\d.]+%\\s+30\\.00%$`, 'm'));
    expect(report).toMatch(/chi-square [\d.]+ on 2 degrees of freedom, p = /);
  });

  it('needs a campaign when the dealer file has none', async () => {
    await expect(runAudit({ dealer: 'kingfisher-toyota' }, { dealersDir: DEALER_FILES_DIR, open })).rejects.toThrow('has no spin_to_win campaign');
    await expect(runAudit({ dealer: 'nobody' }, { dealersDir: DEALER_FILES_DIR, open })).rejects.toThrow('unknown dealer');
  });
});
