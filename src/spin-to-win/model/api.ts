/**
 * The spin-to-win API as the page and the server share it: the paths, the answers' shapes and
 * their readers. Answers are read field by field by hand (no zod: the page script carries these);
 * the draw request's schema is in ./draw-request.ts, which the page loads when the shopper spins.
 */
import { isRecord } from '../../platform/formats/records';
import type { CampaignState } from './campaign';

export const spinPaths = {
  campaign: '/api/spin-to-win',
  draw: '/api/spin-to-win/draw',
} as const;

/** The page's address. */
export const SPIN_PAGE_PATH = '/spin-to-win';

export interface PrizeView {
  id: string;
  label: string;
}

/** A shopper's draw: the prize, and the voucher code when the prize comes with one. */
export interface DrawView {
  prize: PrizeView;
  voucher_code: string | null;
  drawn_at: string;
}

/** GET /api/spin-to-win: the campaign as shoppers see it (no odds, no stock) and this account's draw. */
export interface CampaignView {
  campaign: {
    id: string;
    name: string;
    starts: string;
    ends: string;
    state: CampaignState;
    prizes: PrizeView[];
    terms: string[];
  };
  signedIn: boolean;
  /** Null when signed out or not spun yet. */
  draw: DrawView | null;
}

/** POST /api/spin-to-win/draw: 201 with a new draw, 200 with the account's earlier one. */
export interface DrawAnswer {
  draw: DrawView;
  /** False when this account had already spun: the answer is that first draw. */
  new: boolean;
}

const text = (value: unknown, max = 2000): string | undefined => (typeof value === 'string' && value.length <= max ? value : undefined);
const STATES: readonly CampaignState[] = ['not-started', 'running', 'ended'];

function readPrize(value: unknown): PrizeView | undefined {
  if (!isRecord(value)) return undefined;
  const id = text(value.id, 80);
  const label = text(value.label, 80);
  return id && label ? { id, label } : undefined;
}

export function readDraw(value: unknown): DrawView | undefined {
  if (!isRecord(value)) return undefined;
  const prize = readPrize(value.prize);
  const drawn_at = text(value.drawn_at, 64);
  const voucher = value.voucher_code === null ? null : text(value.voucher_code, 40);
  if (!prize || !drawn_at || voucher === undefined) return undefined;
  return { prize, voucher_code: voucher, drawn_at };
}

export function readCampaignView(body: unknown): CampaignView | undefined {
  if (!isRecord(body) || !isRecord(body.campaign) || typeof body.signedIn !== 'boolean') return undefined;
  const c = body.campaign;
  const id = text(c.id, 80);
  const name = text(c.name, 80);
  const starts = text(c.starts, 10);
  const ends = text(c.ends, 10);
  const state = STATES.find((s) => s === c.state);
  if (!id || !name || !starts || !ends || !state || !Array.isArray(c.prizes) || !Array.isArray(c.terms)) return undefined;
  const prizes = c.prizes.map(readPrize);
  if (prizes.some((p) => p === undefined)) return undefined;
  const terms = c.terms.map((t) => text(t)).filter((t): t is string => t !== undefined);
  const draw = body.draw === null || body.draw === undefined ? null : readDraw(body.draw);
  if (draw === undefined) return undefined;
  return { campaign: { id, name, starts, ends, state, prizes: prizes as PrizeView[], terms }, signedIn: body.signedIn, draw };
}

export function readDrawAnswer(body: unknown): DrawAnswer | undefined {
  if (!isRecord(body) || typeof body.new !== 'boolean') return undefined;
  const draw = readDraw(body.draw);
  return draw ? { draw, new: body.new } : undefined;
}
