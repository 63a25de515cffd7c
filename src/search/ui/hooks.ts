/** Small browser hooks for the search island; each reads the browser only after mounting. */
import { useEffect, useRef, useState } from 'react';
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
