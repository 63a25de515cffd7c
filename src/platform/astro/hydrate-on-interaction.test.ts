import { describe, expect, it, vi } from 'vitest';
import { HYDRATE_NOW, hydrateOnInteraction, INTERACTION_EVENTS, WAKING_ATTRIBUTE, type InteractionEnv } from './hydrate-on-interaction';

/** An island (an EventTarget) whose events may come from inside a submit button, waking or live. */
class Island extends EventTarget {
  inButton: { waking: boolean; clicks: number } | undefined;
  closest(selector: string) {
    const button = this.inButton;
    if (!button || selector !== `button[${WAKING_ATTRIBUTE}]` || !button.waking) return null;
    return { click: () => (button.clicks += 1) };
  }
}

function setup(saved: Record<string, string> = {}, value: unknown = 'leads:saved-details:a') {
  const el = new Island();
  const hydrate = vi.fn(() => Promise.resolve());
  const load = vi.fn(() => Promise.resolve(hydrate));
  const idle: (() => void)[] = [];
  const awake: (() => void)[] = [];
  const env: InteractionEnv = {
    storage: { getItem: (key) => saved[key] ?? null },
    whenIdle: (callback) => idle.push(callback),
    whenAwake: (_button, callback) => awake.push(callback),
  };
  hydrateOnInteraction(load, { name: 'EnquiryForm', value: value as string }, el, env);
  return { el, load, hydrate, idle, awake };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('hydrateOnInteraction', () => {
  it('loads nothing until the shopper reaches for the island', async () => {
    const { load, idle } = setup();
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);
  });

  it.each(INTERACTION_EVENTS)('hydrates once on %s, however many events follow', async (type) => {
    const { el, load, hydrate } = setup();
    el.dispatchEvent(new Event(type));
    el.dispatchEvent(new Event(type));
    el.dispatchEvent(new Event('focusin'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(hydrate).toHaveBeenCalledTimes(1);
  });

  it('hydrates at idle time for a returning shopper with details to prefill', async () => {
    const { el, load, idle } = setup({ 'leads:saved-details:a': '{"name":"Ann"}' });
    expect(idle).toHaveLength(1);
    idle[0]?.();
    el.dispatchEvent(new Event('focusin'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for interaction when no key is given or storage is refused', () => {
    expect(setup({ '': 'x' }, undefined).idle).toHaveLength(0);
    const el = new EventTarget();
    const idle: (() => void)[] = [];
    const throwing: InteractionEnv = {
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      whenIdle: (callback) => idle.push(callback),
      whenAwake: () => undefined,
    };
    hydrateOnInteraction(vi.fn(), { name: 'EnquiryForm', value: 'k' }, el, throwing);
    expect(idle).toHaveLength(0);
  });

  it('holds a click on the submit button before the island is live, and makes it again once it is', async () => {
    const { el, load, awake } = setup();
    el.inButton = { waking: true, clicks: 0 };
    const click = new Event('click', { cancelable: true });
    const later = vi.fn();
    el.addEventListener('click', later);
    el.dispatchEvent(click);
    // Not submitted natively, and nothing else on the island saw it.
    expect(click.defaultPrevented).toBe(true);
    expect(later).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
    await flush();
    expect(awake).toHaveLength(1);
    awake[0]?.();
    expect(el.inButton.clicks).toBe(1);
  });

  it('lets clicks through once the button is live, and elsewhere on the island', async () => {
    const { el, awake } = setup();
    const elsewhere = new Event('click', { cancelable: true });
    el.dispatchEvent(elsewhere);
    expect(elsewhere.defaultPrevented).toBe(false);
    el.inButton = { waking: false, clicks: 0 };
    const live = new Event('click', { cancelable: true });
    el.dispatchEvent(live);
    expect(live.defaultPrevented).toBe(false);
    await flush();
    expect(awake).toHaveLength(0);
  });

  it('hydrates at once with the value now', async () => {
    const { load } = setup({}, HYDRATE_NOW);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
