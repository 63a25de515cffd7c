/**
 * The mobile 'Show Me N vehicles' count runs from the old number to the new one over a second,
 * eased so it settles rather than stops; shoppers who ask for reduced motion get the new number
 * at once.
 */
export const COUNT_ANIMATION_MS = 1000;

/** Ease-out cubic: quick at first, gentle at the end. */
export const easeOut = (t: number): number => 1 - (1 - Math.min(Math.max(t, 0), 1)) ** 3;

/** The number shown `elapsed` milliseconds into the animation; whole numbers only. */
export function countAt(from: number, to: number, elapsed: number, duration = COUNT_ANIMATION_MS): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return Math.round(from + (to - from) * easeOut(elapsed / duration));
}

export interface FrameScheduler {
  request(callback: (time: number) => void): number;
  cancel(handle: number): void;
}

/**
 * Calls `onFrame` with each shown number until `to` is reached, on animation frames. Returns a
 * function that stops it (the next change starts from wherever the count then stands).
 */
export function animateCount(
  from: number,
  to: number,
  onFrame: (value: number) => void,
  { frames, reducedMotion = false, duration = COUNT_ANIMATION_MS }: { frames: FrameScheduler; reducedMotion?: boolean; duration?: number },
): () => void {
  if (reducedMotion || from === to) {
    onFrame(to);
    return () => undefined;
  }
  let start: number | undefined;
  let handle = 0;
  const step = (time: number): void => {
    start ??= time;
    const value = countAt(from, to, time - start, duration);
    onFrame(value);
    if (value !== to || time - start < duration) handle = frames.request(step);
  };
  handle = frames.request(step);
  return () => frames.cancel(handle);
}
