import { describe, expect, it } from 'vitest';
import type { Review } from '../../platform/config/schema';
import {
  CAROUSEL_START_INDEX,
  carouselStartIndex,
  EXCLUDED_REVIEW_ID,
  formatRating,
  MAX_REVIEWS,
  PARTIAL_STAR_THRESHOLD,
  REVIEW_TEXT_LIMIT,
  reviewSummary,
  selectReviews,
  shouldShowRatingLine,
  shouldShowReviews,
  showReviewsBlock,
  SLIDER_MIN,
  starIcons,
  truncateReview,
  useSlider,
} from './reviews';

let nextId = 1;
const review = (extra: Partial<Review> = {}): Review => ({
  id: nextId++,
  customer_name: 'Sam Driver',
  rating: 5,
  text: 'Great service.',
  hidden: false,
  ...extra,
});
const ids = (reviews: Review[]) => reviews.map((r) => r.id);

describe('review constants', () => {
  it('exclude review 386779, cut text at 160, start the carousel at index 2, show 10, slide above 3, draw a part star from 30%', () => {
    expect(EXCLUDED_REVIEW_ID).toBe(386779);
    expect(REVIEW_TEXT_LIMIT).toBe(160);
    expect(CAROUSEL_START_INDEX).toBe(2);
    expect(MAX_REVIEWS).toBe(10);
    expect(SLIDER_MIN).toBe(3);
    expect(PARTIAL_STAR_THRESHOLD).toBe(0.3);
  });
});

describe('selectReviews: excludes review id 386779, reviews containing the word Translated, excluded customers; default cap 10', () => {
  it('drops hidden reviews and keeps the given order', () => {
    // Arrange
    const reviews = [review({ id: 'c' }), review({ id: 'b', hidden: true }), review({ id: 'a' })];
    // Act
    const selected = selectReviews(reviews);
    // Assert
    expect(ids(selected)).toEqual(['c', 'a']);
  });

  it('drops review 386779 whether its id is a number or a string', () => {
    const reviews = [review({ id: 386779 }), review({ id: '386779' }), review({ id: 386780 })];
    expect(ids(selectReviews(reviews))).toEqual([386780]);
  });

  it("drops reviews containing the word 'Translated'", () => {
    const reviews = [
      review({ id: 1, text: '(Translated by Google) Very good service' }),
      review({ id: 2, text: 'Great staff. Translated' }),
      review({ id: 3, text: 'They translated the contract for my parents' }),
      review({ id: 4, text: 'Untranslated notes were fine' }),
    ];
    expect(ids(selectReviews(reviews))).toEqual([3, 4]);
  });

  it('drops excluded customers, comparing trimmed names case-insensitively', () => {
    const reviews = [review({ id: 1, customer_name: '  JANE Citizen ' }), review({ id: 2, customer_name: 'John Smith' })];
    expect(ids(selectReviews(reviews, { excludedCustomers: ['jane citizen  '] }))).toEqual([2]);
  });

  it('caps at 10 by default and at a given cap', () => {
    const reviews = Array.from({ length: 12 }, () => review());
    expect(selectReviews(reviews)).toHaveLength(10);
    expect(selectReviews(reviews, { cap: 3 })).toEqual(reviews.slice(0, 3));
    expect(selectReviews(reviews, { cap: 0 })).toEqual([]);
  });

  it('caps after filtering, so exclusions do not shorten the list', () => {
    const reviews = [review({ hidden: true }), ...Array.from({ length: 10 }, () => review())];
    expect(selectReviews(reviews)).toEqual(reviews.slice(1));
  });

  it('is empty for no reviews', () => {
    expect(selectReviews([])).toEqual([]);
  });
});

describe('reviewSummary', () => {
  it('returns the configured summary when given', () => {
    const configured = { count: 812, average_rating: 4.8 };
    expect(reviewSummary([review({ rating: 1 })], configured)).toBe(configured);
  });

  it('computes count and the average rounded to one decimal', () => {
    const reviews = [review({ rating: 5 }), review({ rating: 4 }), review({ rating: 4 })];
    expect(reviewSummary(reviews)).toEqual({ count: 3, average_rating: 4.3 });
  });

  it('is zero for no reviews', () => {
    expect(reviewSummary([])).toEqual({ count: 0, average_rating: 0 });
  });
});

describe('shouldShowReviews / shouldShowRatingLine: only if the average rating exceeds a per-site minimum', () => {
  it.each([
    [4.1, 4, true],
    [4, 4, false],
    [3.9, 4, false],
    [0, 0, false],
  ])('average %s, minimum %s → %s', (average, min, expected) => {
    const summary = { count: 10, average_rating: average };
    expect(shouldShowReviews(summary, min)).toBe(expected);
    expect(shouldShowRatingLine(summary, min)).toBe(expected);
  });
});

describe('showReviewsBlock: hidden unless showSection is set or reviews exist', () => {
  it.each([
    [true, 0, true],
    [false, 1, true],
    [true, 2, true],
    [false, 0, false],
  ])('showSection %s with %s reviews → %s', (showSection, count, expected) => {
    const reviews = Array.from({ length: count }, () => review());
    expect(showReviewsBlock({ showSection, reviews })).toBe(expected);
  });
});

describe('truncateReview: text truncated to 160 characters', () => {
  it('leaves text at or under the limit alone', () => {
    const text = 'a'.repeat(160);
    expect(truncateReview(text)).toEqual({ text, truncated: false });
    expect(truncateReview('')).toEqual({ text: '', truncated: false });
  });

  it('cuts at the last word break at or before 160 characters and adds an ellipsis', () => {
    // Arrange: 33 five-letter words make 197 characters; the 27th ends at character 161.
    const text = Array.from({ length: 33 }, () => 'great').join(' ');
    // Act
    const result = truncateReview(text);
    // Assert
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${Array.from({ length: 26 }, () => 'great').join(' ')}…`);
    expect(result.text.length - 1).toBeLessThanOrEqual(160);
  });

  it('keeps a word that ends exactly at the limit', () => {
    expect(truncateReview('abcd efgh ijkl', 9)).toEqual({ text: 'abcd efgh…', truncated: true });
  });

  it('drops trailing punctuation before the ellipsis', () => {
    expect(truncateReview('Friendly staff, quick service', 16)).toEqual({ text: 'Friendly staff…', truncated: true });
  });

  it('cuts hard when there is no word break', () => {
    expect(truncateReview('abcdefghij', 4)).toEqual({ text: 'abcd…', truncated: true });
  });

  it('does not split an emoji on a hard cut', () => {
    expect(truncateReview('abc😀def', 4)).toEqual({ text: 'abc…', truncated: true });
  });
});

describe('starIcons: a part star from 30 percent of the fraction', () => {
  it('fills the whole-number part', () => {
    expect(starIcons(4)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starIcons(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starIcons(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('draws a partial star from a fraction of 0.3', () => {
    expect(starIcons(4.3)).toEqual(['full', 'full', 'full', 'full', 'partial']);
    expect(starIcons(3.3)).toEqual(['full', 'full', 'full', 'partial', 'empty']);
    expect(starIcons(0.3)).toEqual(['partial', 'empty', 'empty', 'empty', 'empty']);
  });

  it('draws an empty star for a fraction of 0.29', () => {
    expect(starIcons(4.29)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starIcons(0.29)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('draws a partial star for high fractions', () => {
    expect(starIcons(4.9)).toEqual(['full', 'full', 'full', 'full', 'partial']);
  });

  it('clamps out-of-range and non-numbers to 0 to 5 stars', () => {
    expect(starIcons(7)).toEqual(starIcons(5));
    expect(starIcons(-1)).toEqual(starIcons(0));
    expect(starIcons(Number.NaN)).toEqual(starIcons(0));
  });
});

describe('formatRating: rating shown with 1 decimal', () => {
  it.each([
    [4.7, '4.7'],
    [5, '5.0'],
    [4.25, '4.3'],
    [4.04, '4.0'],
    [0, '0.0'],
  ])('%s → %s', (rating, text) => {
    expect(formatRating(rating)).toBe(text);
  });
});

describe('carouselStartIndex: carousel starts at the third item, index 2', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [3, 2],
    [10, 2],
  ])('%s reviews → index %s', (count, index) => {
    expect(carouselStartIndex(count)).toBe(index);
  });
});

describe('useSlider: slider when more than 3 reviews, otherwise a static list', () => {
  it.each([
    [0, false],
    [3, false],
    [4, true],
    [10, true],
  ])('%s reviews → %s', (count, expected) => {
    expect(useSlider(count)).toBe(expected);
  });
});
