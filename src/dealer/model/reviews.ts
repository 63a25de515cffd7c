/**
 * Customer reviews: which to show, the rating summary and star icons, for the Google reviews
 * block and the review cards.
 */
import type { Review, ReviewSummary } from '../../platform/config/schema';
import { truncateAtWord } from '../../platform/formats/text';

/** A review the original helper always excluded. */
export const EXCLUDED_REVIEW_ID = 386779;
export const REVIEW_TEXT_LIMIT = 160;
/** The carousel opens on the third card so cards show on both sides of the active one. */
export const CAROUSEL_START_INDEX = 2;
export const MAX_REVIEWS = 10;
/** The Google block switches from a static list to a slider above this many reviews. */
export const SLIDER_MIN = 3;
/** Share of a star's fraction from which the next star is drawn as partial. */
export const PARTIAL_STAR_THRESHOLD = 0.3;

export type StarIcon = 'full' | 'partial' | 'empty';

export interface SelectReviewsOptions {
  excludedCustomers?: readonly string[];
  cap?: number;
}

// Machine-translated Google reviews carry "(Translated by Google)"; lower-case "translated" is ordinary prose.
const TRANSLATED = /\bTranslated\b/;

const normaliseName = (name: string) => name.trim().toLowerCase();

/**
 * Reviews fit to show, in their given order: not hidden, not the excluded id, not machine
 * translated, not from an excluded customer; at most `cap`.
 */
export function selectReviews(reviews: readonly Review[], { excludedCustomers = [], cap = MAX_REVIEWS }: SelectReviewsOptions = {}): Review[] {
  const excluded = new Set(excludedCustomers.map(normaliseName));
  return reviews
    .filter(
      (review) =>
        !review.hidden &&
        String(review.id) !== String(EXCLUDED_REVIEW_ID) &&
        !TRANSLATED.test(review.text) &&
        !excluded.has(normaliseName(review.customer_name)),
    )
    .slice(0, Math.max(0, cap));
}

/**
 * The configured Google summary when given (it covers every review, not just the few in config),
 * else count and average of `reviews`, the average rounded to one decimal.
 */
export function reviewSummary(reviews: readonly Review[], configuredSummary?: ReviewSummary): ReviewSummary {
  if (configuredSummary) return configuredSummary;
  if (reviews.length === 0) return { count: 0, average_rating: 0 };
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return { count: reviews.length, average_rating: Math.round((total / reviews.length) * 10) / 10 };
}

/** Reviews show only when the average rating exceeds the site's minimum (strictly above). */
export function shouldShowReviews(summary: ReviewSummary, minRating: number): boolean {
  return summary.average_rating > minRating;
}

/** The 'rating out of N reviews' line follows the same minimum-rating rule as the reviews. */
export function shouldShowRatingLine(summary: ReviewSummary, minRating: number): boolean {
  return shouldShowReviews(summary, minRating);
}

/** The Google reviews block is hidden unless show_section is set or there are reviews. */
export function showReviewsBlock({ showSection, reviews }: { showSection: boolean; reviews: readonly unknown[] }): boolean {
  return showSection || reviews.length > 0;
}

/**
 * Cuts review text at the last word break at or before `limit` for the 'View more' state.
 * Trailing punctuation is dropped before the ellipsis so it never reads ",…".
 */
export function truncateReview(text: string, limit: number = REVIEW_TEXT_LIMIT): { text: string; truncated: boolean } {
  return truncateAtWord(text, limit);
}

// Float noise: 4.3 - 4 is 0.29999999999999982, which must still count as 30 %.
const EPSILON = 1e-9;

/** Five stars: the whole-number part full, the next partial from a 30 % fraction, the rest empty. */
export function starIcons(average: number): StarIcon[] {
  const rating = Number.isFinite(average) ? Math.min(5, Math.max(0, average)) : 0;
  const whole = Math.floor(rating + EPSILON);
  const partial = rating - whole + EPSILON >= PARTIAL_STAR_THRESHOLD;
  return Array.from({ length: 5 }, (_, i): StarIcon => (i < whole ? 'full' : i === whole && partial ? 'partial' : 'empty'));
}

const ratingFormats = new Map<string, Intl.NumberFormat>();

/** Rating with one decimal: 4.7 → "4.7", 5 → "5.0". */
export function formatRating(rating: number, locale = 'en-AU'): string {
  let format = ratingFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    ratingFormats.set(locale, format);
  }
  return format.format(rating);
}

/** Index 2 (the third card), or the last card when there are fewer; 0 for none. */
export function carouselStartIndex(count: number): number {
  return Math.max(0, Math.min(CAROUSEL_START_INDEX, count - 1));
}

export function useSlider(count: number): boolean {
  return count > SLIDER_MIN;
}
