import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  complete,
  goBack,
  isSkipped,
  next,
  nextShownStep,
  previous,
  progressOf,
  setSubmitting,
  skipTo,
  startSteps,
  stepReducer,
  viewOf,
  type StepAction,
  type StepState,
} from './multi-step';

/** Finance: 0 Your Loan, 1 Trade-in, 2 Employment, 3 User Details. */
const finance = () => startSteps(4);

describe('startSteps', () => {
  it('starts on step 0 with nothing skipped', () => {
    expect(startSteps(3)).toEqual({ stepIndex: 0, stepCount: 3, skipped: [], completed: false, submitting: false });
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses %s steps', (count) => {
    expect(() => startSteps(count)).toThrow(RangeError);
  });
});

describe('next and previous', () => {
  it('walks forward one step at a time and stops on the last', () => {
    let state = finance();
    state = next(state);
    expect(state.stepIndex).toBe(1);
    state = next(next(state));
    expect(state.stepIndex).toBe(3);
    expect(next(state)).toBe(state);
    expect(state.skipped).toEqual([]);
  });

  it('steps back one at a time and stops on the first', () => {
    const state = next(next(finance()));
    expect(previous(state).stepIndex).toBe(1);
    expect(previous(previous(previous(state))).stepIndex).toBe(0);
    expect(previous(finance())).toEqual(finance());
  });

  it('previous ignores skips; goBack honours them', () => {
    const atEmployment = skipTo(finance(), 2);
    expect(previous(atEmployment).stepIndex).toBe(1);
    expect(goBack(atEmployment).stepIndex).toBe(0);
  });
});

describe('skipTo', () => {
  it("'No trade-in' skips Your Loan → Employment and records the pair", () => {
    const state = skipTo(finance(), 2);
    expect(state.stepIndex).toBe(2);
    expect(state.skipped).toEqual([{ from: 0, to: 2 }]);
    expect(isSkipped(state, 1)).toBe(true);
    expect(isSkipped(state, 0)).toBe(false);
    expect(isSkipped(state, 2)).toBe(false);
  });

  it('a skip to the very next step is a plain move and records nothing', () => {
    expect(skipTo(finance(), 1)).toEqual(next(finance()));
  });

  it.each([0, -1, 4, 9, 1.5, Number.NaN])('ignores target %s from step 0', (target) => {
    const state = finance();
    expect(skipTo(state, target)).toBe(state);
  });

  it('ignores a target behind the current step', () => {
    const state = next(next(finance()));
    expect(skipTo(state, 1)).toBe(state);
  });
});

describe('goBack', () => {
  it('returns from Employment to Your Loan when Trade-in was skipped', () => {
    const back = goBack(skipTo(finance(), 2));
    expect(back.stepIndex).toBe(0);
    // The record stays until a forward move decides the path afresh.
    expect(back.skipped).toEqual([{ from: 0, to: 2 }]);
  });

  it('returns one step when the current step was reached by Continue', () => {
    const state = next(skipTo(finance(), 2));
    expect(state.stepIndex).toBe(3);
    expect(goBack(state).stepIndex).toBe(2);
    expect(goBack(goBack(state)).stepIndex).toBe(0);
  });

  it('does nothing on the first step', () => {
    expect(goBack(finance())).toEqual(finance());
  });

  it('follows several skips back in order', () => {
    let state = startSteps(7);
    state = skipTo(state, 2); // {0,2}
    state = next(state); // 3
    state = skipTo(state, 6); // {3,6}
    expect(state.skipped).toEqual([
      { from: 0, to: 2 },
      { from: 3, to: 6 },
    ]);
    expect((state = goBack(state)).stepIndex).toBe(3);
    expect((state = goBack(state)).stepIndex).toBe(2);
    expect((state = goBack(state)).stepIndex).toBe(0);
  });
});

describe('moving forward clears the skip records it passes over', () => {
  it('choosing a trade-in after going back clears the Trade-in skip', () => {
    const state = next(goBack(skipTo(finance(), 2)));
    expect(state.stepIndex).toBe(1);
    expect(state.skipped).toEqual([]);
    // And Go Back from Trade-in is now a plain step back.
    expect(goBack(state).stepIndex).toBe(0);
    // Employment is now reached by Continue: Go Back lands on Trade-in.
    expect(goBack(next(state)).stepIndex).toBe(1);
  });

  it('skipping again from the same step replaces the record instead of doubling it', () => {
    const state = skipTo(goBack(skipTo(finance(), 2)), 2);
    expect(state.skipped).toEqual([{ from: 0, to: 2 }]);
  });

  it('a longer skip from an earlier step replaces a later one it covers', () => {
    let state = startSteps(5);
    state = skipTo(next(state), 3); // {1,3}
    state = goBack(goBack(state)); // 1, then 0
    expect(state.stepIndex).toBe(0);
    state = skipTo(state, 3);
    expect(state.skipped).toEqual([{ from: 0, to: 3 }]);
  });

  it('Continue past a skip record keeps it (the skipped step stays skipped)', () => {
    const state = next(skipTo(finance(), 2));
    expect(state.skipped).toEqual([{ from: 0, to: 2 }]);
  });

  it('records ahead of the move stay until the move reaches them', () => {
    let state = startSteps(7);
    state = skipTo(next(next(next(state))), 5); // {3,5}
    state = goBack(goBack(goBack(state))); // 3, 2, 1
    expect(state.stepIndex).toBe(1);
    state = next(state); // 1 → 2: {3,5} is ahead
    expect(state.skipped).toEqual([{ from: 3, to: 5 }]);
    state = next(next(state)); // 2 → 3 → 4: visiting the skipped step clears it
    expect(state.stepIndex).toBe(4);
    expect(state.skipped).toEqual([]);
  });

  it('previous into a skipped span, then Continue, clears the record', () => {
    const state = next(previous(skipTo(finance(), 2))); // 2 → 1 → 2
    expect(state.stepIndex).toBe(2);
    expect(state.skipped).toEqual([]);
  });
});

describe('nextShownStep', () => {
  const noTradeIn = (values: { has_trade_in?: boolean }) => values.has_trade_in === false;
  const financeSteps = [{}, { skipWhen: noTradeIn }, {}, {}];

  it('goes to the next step unless the values make it irrelevant', () => {
    expect(nextShownStep(financeSteps, 0, { has_trade_in: true })).toBe(1);
    expect(nextShownStep(financeSteps, 0, { has_trade_in: false })).toBe(2);
    expect(nextShownStep(financeSteps, 1, { has_trade_in: false })).toBe(2);
    expect(nextShownStep(financeSteps, 2, {})).toBe(3);
  });

  it('is undefined on the last step', () => {
    expect(nextShownStep(financeSteps, 3, {})).toBeUndefined();
  });

  it('never skips the last step', () => {
    const never = () => true;
    expect(nextShownStep([{}, { skipWhen: never }, { skipWhen: never }], 0, {})).toBe(2);
  });
});

describe('progress and view', () => {
  it('progress is the rounded share of steps behind the shopper', () => {
    const three = startSteps(3);
    expect(progressOf(three)).toBe(0);
    expect(progressOf(next(three))).toBe(33);
    expect(progressOf(next(next(three)))).toBe(67);
    expect(progressOf(next(finance()))).toBe(25);
  });

  it('progress is 100 once complete', () => {
    const done = complete(next(next(next(finance()))));
    expect(done.completed).toBe(true);
    expect(progressOf(done)).toBe(100);
    expect(viewOf(done).progress).toBe(100);
  });

  it("labels 'Step X of Y' from 1", () => {
    expect(viewOf(finance()).label).toBe('Step 1 of 4');
    expect(viewOf(skipTo(finance(), 2)).label).toBe('Step 3 of 4');
    expect(viewOf(skipTo(finance(), 2)).stepNumber).toBe(3);
  });

  it('Go Back is hidden on the first step only', () => {
    expect(viewOf(finance()).showGoBack).toBe(false);
    expect(viewOf(next(finance())).showGoBack).toBe(true);
    expect(viewOf(goBack(skipTo(finance(), 2))).showGoBack).toBe(false);
  });

  it('the last step shows Submit', () => {
    expect(viewOf(next(next(finance()))).isLast).toBe(false);
    expect(viewOf(next(next(next(finance())))).isLast).toBe(true);
    expect(viewOf(startSteps(1)).isLast).toBe(true);
    expect(viewOf(startSteps(1)).showGoBack).toBe(false);
  });

  it('everything is disabled while submitting, and after completion', () => {
    const busy = setSubmitting(next(finance()), true);
    expect(viewOf(busy).disabled).toBe(true);
    expect(viewOf(setSubmitting(busy, false)).disabled).toBe(false);
    expect(viewOf(complete(startSteps(1))).disabled).toBe(true);
    expect(viewOf(complete(startSteps(1))).showGoBack).toBe(false);
  });
});

describe('complete', () => {
  it('only completes from the last step', () => {
    const state = next(finance());
    expect(complete(state)).toBe(state);
  });

  it('ends submitting and freezes navigation', () => {
    const done = complete(setSubmitting(next(startSteps(2)), true));
    expect(done.submitting).toBe(false);
    expect(goBack(done)).toBe(done);
    expect(previous(done)).toBe(done);
    expect(next(done)).toBe(done);
  });
});

describe('stepReducer', () => {
  it('dispatches to the same functions', () => {
    let state = finance();
    const actions: StepAction[] = [{ type: 'skipTo', target: 2 }, { type: 'goBack' }, { type: 'next' }, { type: 'submitting', submitting: true }];
    for (const action of actions) state = stepReducer(state, action);
    expect(state).toEqual({ stepIndex: 1, stepCount: 4, skipped: [], completed: false, submitting: true });
    state = stepReducer(stepReducer(stepReducer(state, { type: 'next' }), { type: 'next' }), { type: 'complete' });
    expect(state.completed).toBe(true);
    expect(stepReducer(state, { type: 'previous' })).toBe(state);
  });
});

describe('invariants over any sequence of actions', () => {
  const action: fc.Arbitrary<StepAction> = fc.oneof(
    fc.constant<StepAction>({ type: 'next' }),
    fc.constant<StepAction>({ type: 'previous' }),
    fc.constant<StepAction>({ type: 'goBack' }),
    fc.integer({ min: -2, max: 9 }).map<StepAction>((target) => ({ type: 'skipTo', target })),
  );

  it('stays in range, records only real forward skips that do not overlap, and goBack never lands on a skipped step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(action, { maxLength: 40 }), (count, actions) => {
        let state: StepState = startSteps(count);
        for (const a of actions) {
          state = stepReducer(state, a);
          expect(state.stepIndex).toBeGreaterThanOrEqual(0);
          expect(state.stepIndex).toBeLessThan(count);
          const progress = progressOf(state);
          expect(progress).toBeGreaterThanOrEqual(0);
          expect(progress).toBeLessThan(100);
          for (const record of state.skipped) {
            expect(record.to).toBeGreaterThan(record.from + 1);
            expect(record.to).toBeLessThan(count);
          }
          // Skipped spans never overlap one another.
          const spans = [...state.skipped].sort((a, b) => a.from - b.from);
          spans.forEach((span, i) => {
            const following = spans[i + 1];
            if (following) expect(following.from).toBeGreaterThanOrEqual(span.to);
          });
        }
      }),
    );
  });

  it('walking only with Continue and skips, Go Back retraces the path exactly', () => {
    const forward = fc.oneof(
      fc.constant<StepAction>({ type: 'next' }),
      fc.integer({ min: 0, max: 9 }).map<StepAction>((target) => ({ type: 'skipTo', target })),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(forward, { maxLength: 20 }), (count, actions) => {
        let state = startSteps(count);
        const path = [0];
        for (const a of actions) {
          state = stepReducer(state, a);
          if (state.stepIndex !== path[path.length - 1]) path.push(state.stepIndex);
        }
        for (const expected of path.reverse().slice(1)) {
          state = goBack(state);
          expect(state.stepIndex).toBe(expected);
        }
        expect(state.stepIndex).toBe(0);
      }),
    );
  });
});
