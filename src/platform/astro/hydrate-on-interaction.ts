/**
 * `client:interaction`: an island that hydrates when the shopper reaches for it (a pointer over
 * it, a touch, focus or a key inside it), not when the page loads. Enquiry forms carry React,
 * react-hook-form and zod; hydrating them at load blocked the main thread for up to 240 ms on a
 * contact page where the form is in view. The server-rendered form is already on screen, text
 * typed before hydration is kept, and its button looks and works as it will once live: a click
 * on it before then (marked `data-waking` by the island) is held, so the server-rendered form is
 * never submitted natively (which would put what was typed into the URL), and made again once
 * the island is live, so a quick first click is not lost.
 *
 * The directive's value, when given, is a localStorage key: a returning shopper with details
 * saved under it gets the island at idle time instead, so the prefill appears without a touch.
 * `now` hydrates at once (a form whose first step shows what the page carried in), with the same
 * hold on an early click.
 */
import type { ClientDirective } from 'astro';
import { browserStorage } from '../web/storage';

/** Events that come before any use of a form: hover, touch, focus (by mouse, tab or screen reader), keys. */
export const INTERACTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/** The directive's value that hydrates the island at once. */
export const HYDRATE_NOW = 'now';

/** Set on an island's submit button until the island is live (leads/ui/fields/SubmitButton.tsx). */
export const WAKING_ATTRIBUTE = 'data-waking';

/** How long a held click waits for its island: past this the shopper has surely clicked again. */
const HELD_CLICK_MS = 10_000;

export interface InteractionEnv {
  storage: Pick<Storage, 'getItem'> | undefined;
  whenIdle: (callback: () => void) => void;
  /** Calls back once the button is live (no longer `data-waking`); never, past a time limit. */
  whenAwake: (button: Element, callback: () => void) => void;
}

function whenAwake(button: Element, callback: () => void): void {
  if (!button.hasAttribute(WAKING_ATTRIBUTE)) return callback();
  const observer = new MutationObserver(() => {
    if (button.hasAttribute(WAKING_ATTRIBUTE)) return;
    observer.disconnect();
    clearTimeout(timer);
    callback();
  });
  const timer = setTimeout(() => observer.disconnect(), HELD_CLICK_MS);
  observer.observe(button, { attributes: true, attributeFilter: [WAKING_ATTRIBUTE] });
}

function browserEnv(): InteractionEnv {
  return {
    storage: browserStorage('localStorage'),
    whenIdle: (callback) => ('requestIdleCallback' in window ? window.requestIdleCallback(callback, { timeout: 2000 }) : setTimeout(callback, 200)),
    whenAwake,
  };
}

/** The waking button an event happened in, if any. */
function wakingButton(target: EventTarget | null): (Element & { click: () => void }) | undefined {
  const closest = (target as Partial<Element> | null)?.closest;
  if (typeof closest !== 'function') return undefined;
  return (closest.call(target, `button[${WAKING_ATTRIBUTE}]`) as (Element & { click: () => void }) | null) ?? undefined;
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
  let held: (Element & { click: () => void }) | undefined;
  const start = (): void => {
    if (started) return;
    started = true;
    for (const type of INTERACTION_EVENTS) el.removeEventListener(type, start);
    void load()
      .then((hydrate) => hydrate())
      .then(() => {
        const button = held;
        if (button) env.whenAwake(button, () => button.click());
      });
  };
  // Capturing, and first on the island: nothing else (React included) sees a held click.
  el.addEventListener(
    'click',
    (event) => {
      const button = wakingButton(event.target);
      if (!button) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held = button;
      start();
    },
    { capture: true },
  );
  for (const type of INTERACTION_EVENTS) el.addEventListener(type, start, { passive: true });
  if (options.value === HYDRATE_NOW) start();
  else if (hasSaved(env.storage, options.value)) env.whenIdle(start);
}

const directive: ClientDirective = (load, options, el) => hydrateOnInteraction(load, options, el);
export default directive;
