/**
 * The words of the three pages that value a shopper's car, each for its own purpose: a trade-in
 * (/cars/trade-in) is value toward the next car from this dealer, selling (/sell-my-car) is the
 * dealer buying the car outright, a valuation (/valuations) answers "what is my car worth?".
 * One form serves all three (leads/ui/flows/TradeInFlow.tsx); only these words differ.
 *
 * `plate` is the region's word for the number plate in a sentence ("registration", "license
 * plate"), so the region's wording stays with the region and the purpose's wording stays here.
 */
export const VALUATION_PURPOSES = ['trade-in', 'sell-my-car', 'valuation'] as const;
export type ValuationPurpose = (typeof VALUATION_PURPOSES)[number];

export interface PurposeWords {
  /** The page title and its heading. */
  title: string;
  /** The meta description. */
  description: string;
  /** The line under the heading. */
  intro: string;
  /** The form's own heading. */
  form_heading: string;
  /** Heading over the estimate once shown. */
  estimate_heading: string;
  /** What happens next, under the estimate. */
  next: string;
}

/** The reply email's subject, and what the dealer says it has. */
export interface ReplyWords {
  subject: string;
  what: string;
}

const REPLIES: Readonly<Record<ValuationPurpose, ReplyWords>> = {
  'trade-in': { subject: 'Your trade-in request', what: 'your trade-in details' },
  'sell-my-car': { subject: 'Selling your car', what: 'the details of the car you would like to sell' },
  valuation: { subject: 'Your car valuation', what: 'your car valuation request' },
};

/** The reply's words for a lead filed under `category` (anything else is a trade-in). */
export function replyWords(category: string): ReplyWords {
  return category === 'sell-my-car' || category === 'valuation' ? REPLIES[category] : REPLIES['trade-in'];
}

export function purposeWords(purpose: ValuationPurpose, { dealer, plate }: { dealer: string; plate: string }): PurposeWords {
  switch (purpose) {
    case 'trade-in':
      return {
        title: 'Trade In Your Car',
        description: `Trade in your car with ${dealer}: enter your ${plate} and see what it could put toward your next car.`,
        intro: `See what your car could put toward your next one. Enter your ${plate} to start; it takes about two minutes.`,
        form_heading: 'Your trade-in',
        estimate_heading: 'Your trade-in estimate',
        next: 'We put the confirmed amount toward your next car once we inspect yours; our team will be in touch shortly.',
      };
    case 'sell-my-car':
      return {
        title: 'Sell My Car',
        description: `Sell your car outright to ${dealer}, with no need to buy from us: enter your ${plate} for an estimate of what we could pay.`,
        intro: `We buy cars outright, whether or not you buy one from us. Enter your ${plate} to start; it takes about two minutes.`,
        form_heading: 'The car you are selling',
        estimate_heading: 'What we could pay for your car',
        next: 'We confirm our offer when we inspect your car, then pay you; our team will be in touch shortly.',
      };
    case 'valuation':
      return {
        title: 'Free Car Valuation',
        description: `What is your car worth? Get a free online valuation from ${dealer} by your ${plate}.`,
        intro: `Find out what your car is worth today, free and with no obligation. Enter your ${plate} to start; it takes about two minutes.`,
        form_heading: 'Your car',
        estimate_heading: 'What your car is worth',
        next: 'This is a guide to its value today; an inspection confirms the exact figure. Our team will be in touch shortly.',
      };
  }
}
