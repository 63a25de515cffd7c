/**
 * The sentence under a trade-in estimate saying what the figure takes for granted about the car.
 * The shopper's own condition answers are repeated back (they changed the figure: an
 * "Excellent" car was valued up, a car with one key down), so the words never contradict what
 * they chose. A question left unanswered keeps the valuation's assumption.
 */
import type { ValuationAnswers } from './valuation-request';

const ASSUMED = 'This estimate assumes 2 sets of keys, a service history, no illegal modifications and good condition.';

const yes = (answer: unknown): boolean | undefined => {
  if (typeof answer === 'boolean') return answer;
  if (typeof answer === 'string' && /^(yes|no)$/i.test(answer)) return answer.toLowerCase() === 'yes';
  return undefined;
};

export function estimateBasis(answers: ValuationAnswers | undefined): string {
  const keys = yes(answers?.two_sets_of_keys);
  const history = yes(answers?.service_history);
  const legal = yes(answers?.no_illegal_modifications);
  const condition = typeof answers?.condition === 'string' && answers.condition.trim() !== '' ? answers.condition.trim().toLowerCase() : undefined;
  if (keys === undefined && history === undefined && legal === undefined && condition === undefined) return ASSUMED;
  const features = [
    keys === false ? 'only 1 set of keys' : '2 sets of keys',
    history === false ? 'no service history' : 'a service history',
    legal === false ? 'modifications that may not be legal' : 'no illegal modifications',
  ];
  return `This estimate is for a car with ${features.join(', ')}, in ${condition ?? 'good'} condition, as you told us.`;
}
