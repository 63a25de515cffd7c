/**
 * `client:interaction`: an island that hydrates when the shopper reaches for it (a pointer over
 * it, a touch, focus or a key inside it), not when the page loads. Enquiry forms carry React,
 * react-hook-form and zod; hydrating them at load blocked the main thread for up to 240 ms on a
 * contact page where the form is in view. The server-rendered form is already on screen, text
 * typed before hydration is kept, and its button stays disabled until the island is live.
 *
 * The directive's value, when given, is a localStorage key: a returning shopper with details
 * saved under it gets the island at idle time instead, so the prefill appears without a touch.
 */
import type { ClientDirective } from 'astro';
import { browserStorage } from '../web/storage';

/** Events that come before any use of a form: hover, touch, focus (by mouse, tab or screen reader), keys. */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

export interface InteractionEnv {
  storage: Pick<Storage, 'getItem'> | undefined;
  whenIdle: (callback: () => void) => void;
}

function browserEnv(): InteractionEnv {
  return {
    storage: browserStorage('localStorage'),
    whenIdle: (callback) => ('requestIdleCallback' in window ? window.requestIdleCallback(callback, { timeout: 2000 }) : setTimeout(callback, 200)),
  };
}

function hasSaved(storage: InteractionEnv['storage'], key: unknown): boolean {
  if (typeof key !== 'string' || key === '' || !storage) return false;
  try {
    return Boolean(storage.getItem(key));
  } catch {
    return false;
  }
}

export function hydrateOnInteraction(
  load: Parameters<ClientDirective>[0],
  options: Parameters<ClientDirective>[1],
  el: Pick<HTMLElement, 'addEventListener' | 'removeEventListener'>,
  env: InteractionEnv = browserEnv(),
): void {
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, start);
    void load().then((hydrate) => hydrate());
  };
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, start, { passive: true });
  if (hasSaved(env.storage, options.value)) env.whenIdle(start);
}

const directive: ClientDirective = (load, options, el) => hydrateOnInteraction(load, options, el);
export default directive;
