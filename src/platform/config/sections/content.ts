/** SEO metadata, home page content and review display. */
import { z } from 'zod';
import { reviewSchema, reviewSummarySchema } from './reviews';
import { absoluteUrl, imageUrl, linkUrl, text } from './values';

export const seoSchema = z
  .strictObject({
    title: text(120).optional().describe('Home page title; the dealer name when absent.'),
    description: text(300).min(1).describe('Default meta description.'),
    keywords: z.array(text(60)).max(30).default([]).describe('Meta keywords.'),
    social_image: imageUrl.optional().describe('Default social-sharing image (1200x630).'),
    google_site_verification: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .max(100)
      .optional()
      .describe('Google site verification token.'),
  })
  .describe('Search engine and sharing metadata.');

export const homeSchema = z
  .strictObject({
    hero: z
      .strictObject({
        heading: text(120).describe('Hero heading.'),
        subheading: text(240).optional().describe('Hero subheading.'),
        image: imageUrl.optional().describe('Hero background image.'),
      })
      .describe('Hero area.'),
    welcome: z
      .strictObject({
        heading: text(120).describe('Welcome heading.'),
        paragraphs: z.array(text(2000)).max(6).default([]).describe('Welcome text paragraphs.'),
      })
      .optional()
      .describe('Welcome block.'),
    cards: z
      .array(
        z
          .strictObject({
            title: text(80).describe('Card title.'),
            text: text(300).optional().describe('Card text.'),
            url: linkUrl.describe('Card link.'),
            image: imageUrl.optional().describe('Card image.'),
          })
          .describe('A home page card.'),
      )
      .max(8)
      .default([])
      .describe('Feature cards.'),
    subscribe_image: imageUrl.optional().describe('Subscribe section background image.'),
  })
  .describe('Home page content.');

export const reviewsSchema = z
  .strictObject({
    variant: z.enum(['default', 'highlighted', 'modern']).default('default').describe('Review card style.'),
    show_section: z.boolean().default(false).describe('Show the Google reviews block even without reviews.'),
    min_rating: z.number().min(0).max(5).default(4).describe('Reviews and the "rating out of N reviews" line show only above this average.'),
    excluded_customers: z.array(text(120)).default([]).describe('Reviewer names never shown.'),
    summary: reviewSummarySchema.optional().describe('Google rating summary; computed from items when absent.'),
    items: z.array(reviewSchema).max(200).default([]).describe('Customer reviews.'),
    snap21_org_id: z.string().max(60).optional().describe('Snap21 organisation id for the external rating.'),
    google_review_url: absoluteUrl.optional().describe('Link to leave or read Google reviews.'),
  })
  .describe('Customer reviews.');
