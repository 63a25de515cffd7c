/**
 * /spin-to-win (src/spin-to-win/ui/SpinPage.astro): asks the API for the campaign and this
 * shopper's draw (behind the gate when the dealer gates the page), then shows the earlier result,
 * the spin button, or the sign-in link. A spin posts to the server, which draws; only then does
 * the wheel turn, to the prize the server named, and the result is announced in the live region.
 * With reduced motion the wheel is simply set at the prize.
 */
import { callAccountApi, isSignedOutAnswer, type Fetch } from '../../accounts/browser/account-api';
import { initGate } from '../../accounts/browser/gate';
import { wording } from '../../platform/formats/region';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { trackFormSubmit } from '../../platform/web/asc-events';
import { readCampaignView, readDrawAnswer, spinPaths, type CampaignView, type DrawView } from '../model/api';
import { pageState } from '../model/page-state';
import { segmentAt, stopRotation } from '../model/wheel';
import { campaignDates, EARLIER_SPIN, resultLine, SPIN_BUTTON, SPINNING, voucherLine } from '../model/words';

/** How long the wheel turns; the result shows at the end of it, or at once with reduced motion. */
export const SPIN_MS = 4200;

export interface SpinPageDeps {
  fetch?: Fetch;
  reducedMotion: () => boolean;
  wait: (ms: number) => Promise<void>;
  random: () => number;
}

export async function initSpinPage(doc: Document = document, win: Window = window): Promise<void> {
  const root = doc.querySelector<HTMLElement>('[data-spin]');
  if (!root) return;
  if (root.querySelector('[data-gate]')) await initGate(doc, win);
  const page = new SpinPage(root, {
    reducedMotion: () => win.matchMedia('(prefers-reduced-motion: reduce)').matches,
    wait: (ms) => new Promise((resolve) => win.setTimeout(resolve, ms)),
    random: () => Math.random(),
  });
  await page.load();
}

export class SpinPage {
  private view: CampaignView | undefined;
  private rotation = 0;
  private readonly w: (text: string) => string;

  constructor(
    private readonly root: HTMLElement,
    private readonly deps: SpinPageDeps,
  ) {
    this.w = wording(root.dataset.locale ?? 'en-AU');
    this.part<HTMLButtonElement>('spin')?.addEventListener('click', () => void this.spin());
  }

  private part<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return this.root.querySelector<T>(`[data-part="${name}"]`);
  }

  private text(name: string, value: string): void {
    const el = this.part(name);
    if (el) el.textContent = value;
  }

  private showOnly(name: 'result' | 'ready' | 'sign-in' | 'closed' | 'none'): void {
    for (const part of ['result', 'ready', 'sign-in', 'closed']) {
      const el = this.part(part);
      if (el) el.hidden = part !== name;
    }
  }

  async load(): Promise<void> {
    this.text('status', this.w('Loading the campaign…'));
    const result = await callAccountApi(spinPaths.campaign, {}, readCampaignView, this.deps.fetch);
    this.text('status', '');
    if (!result.ok) {
      this.text('alert', result.error);
      return;
    }
    this.view = result.value;
    // The dates line as the server sees the campaign today, not as it was on the day of the build.
    this.text('dates', this.w(campaignDates(result.value.campaign, this.root.dataset.locale ?? 'en-AU')));
    const state = pageState(result.value);
    switch (state.show) {
      case 'result':
        this.setWheel(this.stopFor(state.draw), false);
        this.showResult(state.draw, EARLIER_SPIN, false);
        break;
      case 'closed':
        this.text('closed', state.message);
        this.showOnly('closed');
        break;
      default:
        this.showOnly(state.show);
    }
  }

  private prizeIndex(draw: DrawView): number {
    return this.view?.campaign.prizes.findIndex((p) => p.id === draw.prize.id) ?? -1;
  }

  private stopFor(draw: DrawView): number {
    const count = this.view?.campaign.prizes.length ?? 0;
    const index = this.prizeIndex(draw);
    if (count === 0 || index < 0) return this.rotation;
    return stopRotation(index, count, { from: this.rotation, offset: this.deps.random() - 0.5 });
  }

  private setWheel(rotation: number, animate: boolean): void {
    const disc = this.part('disc');
    this.rotation = rotation;
    if (!disc) return;
    disc.classList.toggle('spin-wheel-turning', animate);
    disc.style.transform = `rotate(${rotation}deg)`;
    const count = this.view?.campaign.prizes.length ?? 0;
    if (count > 0) disc.dataset.stopped = String(segmentAt(rotation, count));
  }

  async spin(): Promise<void> {
    const button = this.part<HTMLButtonElement>('spin');
    const campaign = this.view?.campaign.id;
    if (!button || !campaign || button.disabled) return;
    button.disabled = true;
    button.textContent = this.w(SPINNING);
    this.text('alert', '');
    this.text('status', this.w(SPINNING));
    const { drawRequestBody } = await import('../model/draw-request');
    const body = drawRequestBody.safeParse({ campaign });
    if (!body.success) {
      this.failed(button, body.error.issues[0]?.message ?? 'Reload the page and spin again.');
      return;
    }
    const result = await callAccountApi(spinPaths.draw, { method: 'POST', body: body.data }, readDrawAnswer, this.deps.fetch);
    if (!result.ok) {
      if (isSignedOutAnswer(result)) {
        this.showOnly('sign-in');
        this.text('status', '');
        return;
      }
      this.failed(button, result.error);
      return;
    }
    const { draw } = result.value;
    const animate = !this.deps.reducedMotion();
    this.setWheel(this.stopFor(draw), animate);
    if (animate) await this.deps.wait(SPIN_MS);
    this.part('disc')?.classList.remove('spin-wheel-turning');
    trackFormSubmit({ form: 'spin_to_win', category: 'Spin to Win', subcategory: draw.prize.id, event_id: EVENT_IDS.form });
    this.showResult(draw, result.value.new ? '' : EARLIER_SPIN, true);
  }

  private failed(button: HTMLButtonElement, message: string): void {
    button.disabled = false;
    button.textContent = this.w(SPIN_BUTTON);
    this.text('status', '');
    this.text('alert', message);
  }

  /** `spun`: the shopper just spun, so focus moves to the result; on a return visit it stays put. */
  private showResult(draw: DrawView, note: string, spun: boolean): void {
    this.showOnly('result');
    this.text('result-note', this.w(note));
    this.text('prize', draw.prize.label);
    const voucher = this.part('voucher');
    if (voucher) voucher.hidden = !draw.voucher_code;
    this.text('voucher-code', draw.voucher_code ?? '');
    this.text('voucher-line', draw.voucher_code ? this.w(voucherLine(draw.voucher_code, this.root.dataset.dealerName ?? '')) : '');
    // The live region speaks the result once the wheel has stopped.
    this.text('status', this.w(resultLine(draw)));
    if (spun) this.part('result-heading')?.focus();
  }
}
