/** Opening hours and special (holiday) hours. */
import { z } from 'zod';
import { hhmm, isoDate, text } from './values';

export const openingHourSchema = z
  .strictObject({
    weekday: z.number().int().min(0).max(6).describe('Day of the week, 0 Sunday to 6 Saturday.'),
    status: text(60).min(1).describe('"Open", "Closed", or other text shown instead of hours (e.g. "By appointment only").'),
    formated_hours: text(60).optional().describe('Hours as the back-office formats them, e.g. "8:30am - 5:00pm". Shown as is when set.'),
    open: hhmm.optional().describe('Opening time "HH:MM" (24-hour) when status is Open.'),
    close: hhmm.optional().describe('Closing time "HH:MM" (24-hour) when status is Open.'),
  })
  .superRefine((entry, ctx) => {
    if (/^open$/i.test(entry.status) && !entry.formated_hours && !(entry.open && entry.close)) {
      ctx.addIssue({ code: 'custom', path: [], message: 'an Open day needs open and close times, or formated_hours' });
    }
  })
  .describe("One day of a location's regular opening hours.");

export const specialHoursSchema = z
  .strictObject({
    date: isoDate.describe('The day these hours apply, "YYYY-MM-DD" in the dealer\'s time zone.'),
    name: text(80).optional().describe('Holiday name, e.g. "Christmas Day".'),
    status: text(60).default('Closed').describe('"Open", "Closed", or other text shown instead of hours.'),
    start_hour: hhmm.optional().describe('Opening time "HH:MM" when open.'),
    end_hour: hhmm.optional().describe('Closing time "HH:MM" when open.'),
    hours: z
      .strictObject({ begin: hhmm.describe('Opening time.'), end: hhmm.describe('Closing time.') })
      .optional()
      .describe('Back-office form of start_hour/end_hour; used when those are absent.'),
    location_id: z
      .union([z.number().int(), z.string().max(40)])
      .optional()
      .describe('The location these hours belong to.'),
    location: z
      .strictObject({ id: z.union([z.number().int(), z.string().max(40)]).describe('Location id.') })
      .optional()
      .describe('Back-office form of location_id.'),
  })
  .describe('Holiday or other one-off hours for a location.');
