import { describe, expect, it } from 'vitest';
import { animateCount, COUNT_ANIMATION_MS, countAt } from './count-animation';

/** Frames on demand: each `tick(ms)` runs the queued callback at that time. */
function fakeFrames() {
  let queued: ((time: number) => void) | undefined;
  let cancelled = false;
  return {
    frames: {
      request: (callback: (time: number) => void) => {
        queued = callback;
        return 1;
      },
      cancel: () => {
        cancelled = true;
        queued = undefined;
      },
    },
    tick(time: number) {
      const callback = queued;
      queued = undefined;
      callback?.(time);
    },
    get pending() {
      return queued !== undefined;
    },
    get cancelled() {
      return cancelled;
    },
  };
}

describe("'Show Me N vehicles' count: animates over 1 second", () => {
  it('runs from the old number to the new one over one second', () => {
    expect(COUNT_ANIMATION_MS).toBe(1000);
    expect(countAt(100, 200, 0)).toBe(100);
    expect(countAt(100, 200, 500)).toBeGreaterThan(150);
    expect(countAt(100, 200, 500)).toBeLessThan(200);
    expect(countAt(100, 200, 1000)).toBe(200);
    expect(countAt(200, 100, 2000)).toBe(100);
  });

  it('shows whole numbers only', () => {
    for (let t = 0; t <= 1000; t += 37) expect(Number.isInteger(countAt(3, 7, t))).toBe(true);
  });

  it('steps on animation frames and stops at the target', () => {
    const clock = fakeFrames();
    const shown: number[] = [];
    animateCount(0, 1000, (n) => shown.push(n), { frames: clock.frames });
    for (const time of [10, 260, 510, 760, 1010]) clock.tick(time);
    expect(shown[0]).toBe(0);
    expect(shown.at(-1)).toBe(1000);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(clock.pending).toBe(false);
  });

  it('jumps straight to the number when motion is reduced', () => {
    const clock = fakeFrames();
    const shown: number[] = [];
    animateCount(0, 1000, (n) => shown.push(n), { frames: clock.frames, reducedMotion: true });
    expect(shown).toEqual([1000]);
    expect(clock.pending).toBe(false);
  });

  it('can be stopped', () => {
    const clock = fakeFrames();
    const stop = animateCount(0, 10, () => undefined, { frames: clock.frames });
    stop();
    expect(clock.cancelled).toBe(true);
  });
});
