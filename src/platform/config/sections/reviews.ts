/** Customer reviews and their summary. */
import { z } from 'zod';
import { imageUrl, isoDate, text } from './values';

export const reviewSchema = z
  .strictObject({
    id: z.union([z.number().int(), z.string().max(40)]).describe('Review id from the review source.'),
    customer_name: text(120).describe('Name of the reviewer as published.'),
    rating: z.number().min(0).max(5).describe('Stars given, 0 to 5.'),
    text: text(5000).default('').describe('Review text; truncated to 160 characters with "View more" on the page.'),
    review_date: isoDate.optional().describe('Date of the review, "YYYY-MM-DD".'),
    review_date_in_words: text(60).optional().describe('Date as words, e.g. "3 weeks ago".'),
    created_at_time_ago_in_words: text(60).optional().describe('Alternative "time ago" wording from the back-office.'),
    image: z
      .strictObject({ url: imageUrl.describe('Reviewer photo.') })
      .optional()
      .describe('Reviewer photo.'),
    hidden: z.boolean().default(false).describe('Hide this review on the site.'),
  })
  .describe('A customer review.');

export const reviewSummarySchema = z
  .strictObject({
    count: z.number().int().min(0).describe('Number of reviews.'),
    average_rating: z.number().min(0).max(5).describe('Average star rating, 0 to 5.'),
  })
  .describe('Review count and average rating.');
