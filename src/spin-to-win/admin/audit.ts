/**
 * npm run spin:audit -- --dealer <slug> [--campaign <id>]
 *
 * Whether a campaign's wheel has been fair: per prize, how often it was drawn, its share of the
 * draws against the share the recorded odds expected, and a chi-square test of the lot. Each draw
 * stored the odds it was made with (stock already taken into account), so a prize's expected
 * count is the sum over draws of its chance at that draw; the test compares those with what was
 * drawn. A small p-value (below 0.01) says the draws do not follow their odds and deserve a look;
 * a prize drawn at odds of 0 is named outright, whatever the p-value.
 */
import { and, asc, eq } from 'drizzle-orm';
import { loadDealer } from '../../platform/config/load';
import type { DealerConfig } from '../../platform/config/schema';
import type { Database } from '../../platform/db/open';
import { spinDraws } from '../../platform/db/schema';
import { CliError, knownDealer, openDatabaseForCli, parseOptions, type OpenForCli } from '../../leads/admin/cli';
import { expectedShares, type Odds } from '../model/draw';

export const AUDIT_USAGE = 'usage: npm run spin:audit -- --dealer <slug> [--campaign <id>]';

export interface AuditArgs {
  dealer: string;
  campaign?: string | undefined;
}

export function parseAuditArgs(argv: readonly string[]): AuditArgs {
  const { values } = parseOptions(argv, { values: ['--dealer', '--campaign'], flags: [] }, AUDIT_USAGE);
  const dealer = values.get('--dealer');
  if (!dealer) throw new CliError(`--dealer <slug> is required\n${AUDIT_USAGE}`);
  const campaign = values.get('--campaign');
  if (campaign !== undefined && !/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(campaign))
    throw new CliError(`--campaign must be a campaign id such as summer-spin, not ${JSON.stringify(campaign.slice(0, 40))}`);
  return { dealer, campaign };
}

export interface PrizeAudit {
  id: string;
  label: string;
  draws: number;
  /** Share of all draws that drew it. */
  observed: number;
  /** Share the recorded odds expected. */
  expected: number;
  /** Times it was drawn when its odds were 0: never right. */
  impossible: number;
}

export interface Audit {
  total: number;
  prizes: PrizeAudit[];
  chiSquare: number;
  degreesOfFreedom: number;
  /** Undefined when there is nothing to test (no draws, or only one prize could be drawn). */
  pValue: number | undefined;
}

/** The audit of recorded draws; `labels` (prize id → label, in wheel order) come from the dealer file. */
export function auditDraws(draws: readonly { prize_id: string; odds: Odds }[], labels: ReadonlyMap<string, string>): Audit {
  const ids = new Set(labels.keys());
  const expectedCounts = new Map<string, number>();
  const counts = new Map<string, number>();
  const impossible = new Map<string, number>();
  for (const draw of draws) {
    const shares = expectedShares(draw.odds);
    for (const [id, share] of Object.entries(shares)) {
      ids.add(id);
      expectedCounts.set(id, (expectedCounts.get(id) ?? 0) + share);
    }
    ids.add(draw.prize_id);
    counts.set(draw.prize_id, (counts.get(draw.prize_id) ?? 0) + 1);
    if (!((draw.odds[draw.prize_id] ?? 0) > 0)) impossible.set(draw.prize_id, (impossible.get(draw.prize_id) ?? 0) + 1);
  }
  const total = draws.length;
  let chiSquare = 0;
  let cells = 0;
  for (const id of ids) {
    const expected = expectedCounts.get(id) ?? 0;
    if (expected <= 0) continue;
    cells++;
    chiSquare += ((counts.get(id) ?? 0) - expected) ** 2 / expected;
  }
  const degreesOfFreedom = Math.max(0, cells - 1);
  const anyImpossible = impossible.size > 0;
  const pValue = total === 0 || degreesOfFreedom === 0 ? (anyImpossible ? 0 : undefined) : anyImpossible ? 0 : chiSquareUpperTail(chiSquare, degreesOfFreedom);
  const prizes = [...ids].map((id) => ({
    id,
    label: labels.get(id) ?? id,
    draws: counts.get(id) ?? 0,
    observed: total > 0 ? (counts.get(id) ?? 0) / total : 0,
    expected: total > 0 ? (expectedCounts.get(id) ?? 0) / total : 0,
    impossible: impossible.get(id) ?? 0,
  }));
  return { total, prizes, chiSquare, degreesOfFreedom, pValue };
}

/** P(X ≥ x) for X chi-square with k degrees of freedom: the regularised upper incomplete gamma Q(k/2, x/2). */
export function chiSquareUpperTail(x: number, k: number): number {
  if (x <= 0) return 1;
  return upperGamma(k / 2, x / 2);
}

function logGamma(z: number): number {
  // Lanczos approximation (g = 7, n = 9): ample for p-values.
  const c = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
    9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const w = z - 1;
  let sum = c[0] ?? 0;
  for (let i = 1; i < 9; i++) sum += (c[i] ?? 0) / (w + i);
  const t = w + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (w + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Q(a, x), by its series below a + 1 and its continued fraction above (as in Numerical Recipes). */
function upperGamma(a: number, x: number): number {
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 500; n++) {
      term *= x / (a + n);
      sum += term;
      if (Math.abs(term) < Math.abs(sum) * 1e-15) break;
    }
    return Math.min(1, Math.max(0, 1 - sum * front));
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return Math.min(1, Math.max(0, front * h));
}

const percent = (share: number): string => `${(share * 100).toFixed(2)}%`;

/** The report as the command prints it. */
export function formatAudit(audit: Audit, heading: string): string {
  const lines = [heading, `${audit.total} draw${audit.total === 1 ? '' : 's'}`, ''];
  const rows = [
    ['prize', 'draws', 'observed', 'expected'],
    ...audit.prizes.map((p) => [p.label === p.id ? p.id : `${p.label} (${p.id})`, String(p.draws), percent(p.observed), percent(p.expected)]),
  ];
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  for (const row of rows) lines.push(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '));
  lines.push('');
  for (const p of audit.prizes) if (p.impossible > 0) lines.push(`WARNING: ${p.label} (${p.id}) was drawn ${p.impossible} time(s) when its odds were 0.`);
  if (audit.pValue === undefined) lines.push('chi-square: not enough to test (no draws, or only one prize could be drawn)');
  else {
    lines.push(
      `chi-square ${audit.chiSquare.toFixed(3)} on ${audit.degreesOfFreedom} degree${audit.degreesOfFreedom === 1 ? '' : 's'} of freedom, p = ${audit.pValue.toPrecision(3)}`,
    );
    lines.push(
      audit.pValue < 0.01
        ? 'The draws do not follow their recorded odds (p < 0.01): look into this campaign.'
        : 'The draws are consistent with their recorded odds.',
    );
  }
  return lines.join('\n');
}

export interface AuditContext {
  dealersDir: string;
  env?: NodeJS.ProcessEnv;
  root?: string;
  open?: OpenForCli;
}

async function campaignDraws(database: Database, dealer: string, campaign: string) {
  return database.db
    .select({ prize_id: spinDraws.prize_id, odds: spinDraws.odds })
    .from(spinDraws)
    .where(and(eq(spinDraws.dealer, dealer), eq(spinDraws.campaign, campaign)))
    .orderBy(asc(spinDraws.drawn_at));
}

function labelsOf(site: DealerConfig, campaign: string): Map<string, string> {
  const current = site.spin_to_win;
  return new Map(current && current.id === campaign ? current.prizes.map((p) => [p.id, p.label]) : []);
}

/** The whole command: the report's text. */
export async function runAudit(args: AuditArgs, { dealersDir, env = process.env, root = process.cwd(), open }: AuditContext): Promise<string> {
  knownDealer(args.dealer, dealersDir);
  const site = loadDealer(args.dealer, dealersDir);
  const campaign = args.campaign ?? site.spin_to_win?.id;
  if (!campaign) throw new CliError(`dealers/${args.dealer}.json has no spin_to_win campaign; name one with --campaign <id>`);
  const cli = await (open ?? ((tool: string) => openDatabaseForCli(tool, { env, root })))('spin:audit');
  try {
    const draws = await campaignDraws(cli.database, site.slug, campaign);
    return formatAudit(auditDraws(draws, labelsOf(site, campaign)), `Spin-to-win audit: ${site.name}, campaign ${campaign}`);
  } finally {
    await cli.close();
  }
}
