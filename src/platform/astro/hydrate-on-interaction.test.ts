import { describe, expect, it, vi } from 'vitest';
import { hydrateOnInteraction, INTERACTION_EVENTS, type InteractionEnv } from './hydrate-on-interaction';

function setup(saved: Record<string, string> = {}, value: unknown = 'leads:saved-details:a') {
  const el = new EventTarget();
  const hydrate = vi.fn(() => Promise.resolve());
  const load = vi.fn(() => Promise.resolve(hydrate));
  const idle: (() => void)[] = [];
  const env: InteractionEnv = { storage: { getItem: (key) => saved[key] ?? null }, whenIdle: (callback) => idle.push(callback) };
  hydrateOnInteraction(load, { name: 'EnquiryForm', value: value as string }, el, env);
  return { el, load, hydrate, idle };
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
    };
    hydrateOnInteraction(vi.fn(), { name: 'EnquiryForm', value: 'k' }, el, throwing);
    expect(idle).toHaveLength(0);
  });
});
