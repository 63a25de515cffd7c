/** Small browser hooks for the search island; each reads the browser only after mounting. */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { animateCount } from '../browser/count-animation';

/** Whether a media query matches; false until mounted, so the first render matches the static HTML. */
export function useMediaQuery(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** A number that runs to each new value over a second, or jumps there when motion is reduced. */
export function useAnimatedCount(target: number | undefined): number | undefined {
  const [shown, setShown] = useState(target);
  const current = useRef(target);
  useEffect(() => {
    if (target === undefined) return undefined;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    return animateCount(
      current.current ?? target,
      target,
      (value) => {
        current.current = value;
        setShown(value);
      },
      { frames: { request: (callback) => window.requestAnimationFrame(callback), cancel: (handle) => window.cancelAnimationFrame(handle) }, reducedMotion },
    );
  }, [target]);
  return shown;
}

/**
 * State the shopper edits (a typed word, a dragged thumb) that goes back to `initial` when
 * `resetKey` changes, as the search answers. Adjusted while rendering, not in an effect: an effect
 * also runs at mount, and one that runs after hydration wipes out a quick first keystroke or drag
 * made before it.
 */
export function useStateResetBy<T>(initial: T, resetKey: unknown): [T, Dispatch<SetStateAction<T>>] {
  const [state, setState] = useState(initial);
  const [seenKey, setSeenKey] = useState(resetKey);
  if (!Object.is(seenKey, resetKey)) {
    setSeenKey(resetKey);
    setState(initial);
    return [initial, setState];
  }
  return [state, setState];
}
