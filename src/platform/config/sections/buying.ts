/**
 * Buying online: the reservation deposit at checkout, paying an invoice online, the lenders
 * behind personalised finance and the spin-to-win campaign. Amounts a dealer writes here are in
 * whole units of the dealer's currency (the region's: AUD, NZD, USD); the server turns them into
 * minor units (cents) for the payment provider and never takes an amount from the browser.
 */
import { z } from 'zod';
import { isoDate, slug, text } from './values';

export const paymentProviders = ['local', 'stripe'] as const;
export const financeProviders = ['rate_table', 'broker'] as const;
export const creditProfiles = ['excellent', 'good', 'fair', 'limited'] as const;

const wholeAmount = (max: number) => z.number().int().min(1).max(max);
const percent = z.number().min(0).max(40);

export const checkoutSchema = z
  .strictObject({
    deposit: wholeAmount(50_000).default(500).describe('Reservation deposit, in whole units of the dealer’s currency.'),
    hold_hours: z.number().int().min(1).max(336).default(48).describe('How long a paid deposit holds the car before the reservation expires.'),
    refund_on_expiry: z
      .boolean()
      .default(true)
      .describe('Refund the deposit automatically when the hold ends without a sale; otherwise the dealer settles it by hand under the terms.'),
    terms: z
      .array(text(1000))
      .min(1)
      .max(20)
      .default([
        'Your deposit holds this car for you alone until the hold ends.',
        'If you do not go ahead, the deposit is refunded to your card when the hold ends.',
        'The sale is completed with the dealer; the drive-away price shown is the price you pay.',
      ])
      .describe('Reservation terms, one paragraph each, shown before the shopper pays.'),
  })
  .describe('Checkout with a reservation deposit (/cars/{slug}/checkout).');

export const onlinePaymentSchema = z
  .strictObject({
    min_amount: wholeAmount(1_000_000).default(1).describe('Smallest amount a shopper may pay online.'),
    max_amount: wholeAmount(1_000_000).default(20_000).describe('Largest amount a shopper may pay online.'),
    reference_label: text(60).default('Invoice or job number').describe('What the reference field is called on the payment form.'),
    reference_pattern: text(200).default('^[A-Za-z0-9-]{3,30}$').describe('Regular expression a reference must match (the back-office’s invoice numbers).'),
  })
  .refine((p) => p.min_amount <= p.max_amount, { path: ['max_amount'], message: 'must be at least min_amount' })
  .describe('Paying a dealer invoice or service amount online (/online-payment).');

export const lenderSchema = z
  .strictObject({
    id: slug.describe('Lender id, used in quotes and leads.'),
    name: text(80).min(1).describe('Lender name as shoppers see it.'),
    /** Per credit profile the annual rate; a profile left out is not lent to. */
    rates: z
      .partialRecord(z.enum(creditProfiles), percent)
      .refine((r) => Object.keys(r).length > 0, { message: 'needs a rate for at least one credit profile' })
      .describe('Annual interest rate (percent) per credit profile.'),
    establishment_fee: z.number().min(0).max(5000).default(0).describe('One-off fee added to the loan.'),
    monthly_fee: z.number().min(0).max(100).default(0).describe('Account-keeping fee each month.'),
    min_term_months: z.number().int().min(12).max(96).default(12),
    max_term_months: z.number().int().min(12).max(96).default(84),
    min_deposit_percent: z.number().min(0).max(90).default(0).describe('Smallest deposit, as a percent of the price.'),
    car_types: z
      .array(z.enum(['new', 'demo', 'used']))
      .min(1)
      .default(['new', 'demo', 'used'])
      .describe('Car types this lender finances.'),
  })
  .refine((l) => l.min_term_months <= l.max_term_months, { path: ['max_term_months'], message: 'must be at least min_term_months' });

export const financeSchema = z
  .strictObject({
    lenders: z.array(lenderSchema).max(20).default([]).describe('Lender rate table: the offline finance provider quotes from it.'),
    /**
     * The rate behind repayments the stock feed carries (weekly_price) and the budget panel's
     * figures: each repayment on the site is shown with its rate, so the site must know it.
     */
    advertised: z
      .strictObject({
        rate: percent.describe('Annual interest rate of advertised repayments (percent).'),
        comparison_rate: percent.optional().describe('AU: the comparison rate for $30,000 over 5 years (percent).'),
        term_months: z.number().int().min(12).max(96).default(60),
        deposit_percent: z.number().min(0).max(90).default(0),
        balloon_percent: z.number().min(0).max(60).default(0),
        // Amounts rather than words: the footnote names the fees the repayment includes, both from these.
        establishment_fee: z
          .number()
          .min(0)
          .max(5000)
          .optional()
          .describe('One-off fee added to the loan. Absent: the region’s usual fee (NZ $350, AU and US none).'),
        ppsr_fee: z
          .number()
          .min(0)
          .max(100)
          .optional()
          .describe('NZ: fee for registering the loan on the Personal Property Securities Register, added to the loan. Absent: NZ $10.35, AU and US none.'),
        monthly_fee: z.number().min(0).max(100).optional().describe('Account-keeping fee each month. Absent: none.'),
      })
      .optional()
      .describe('The finance terms advertised repayments are worked out on.'),
    broker: z
      .strictObject({
        url: z.url({ protocol: /^https$/ }).describe('The broker’s quote API; its key comes from FINANCE_BROKER_API_KEY.'),
      })
      .optional()
      .describe('A real broker: quotes come from it instead of the rate table.'),
  })
  .describe('Finance quotes and the rates shown beside repayments.');

export const prizeSchema = z.strictObject({
  id: slug.describe('Prize id, kept in every draw’s audit record.'),
  label: text(80).min(1).describe('What the shopper wins, as the wheel shows it.'),
  weight: z.number().int().min(0).max(1_000_000).describe('Relative odds: a prize with weight 2 is drawn twice as often as one with weight 1.'),
  stock: z.number().int().min(0).max(1_000_000).optional().describe('How many can be won; unlimited when absent. A prize out of stock is no longer drawn.'),
  voucher_prefix: z
    .string()
    .regex(/^[A-Z0-9]{2,8}$/)
    .optional()
    .describe('Start of the voucher code a winner receives; a prize without one (e.g. "Better luck next time") gives no voucher.'),
});

export const spinToWinSchema = z
  .strictObject({
    id: slug.describe('Campaign id: one spin per account per campaign.'),
    name: text(80).min(1),
    starts: isoDate.describe('First day of the campaign (dealer’s time zone).'),
    ends: isoDate.describe('Last day of the campaign.'),
    prizes: z.array(prizeSchema).min(2).max(12),
    terms: z.array(text(1000)).min(1).max(20).describe('Campaign terms, one paragraph each.'),
  })
  .refine((c) => c.starts <= c.ends, { path: ['ends'], message: 'must be on or after starts' })
  .refine((c) => new Set(c.prizes.map((p) => p.id)).size === c.prizes.length, { path: ['prizes'], message: 'prize ids must be unique' })
  .refine((c) => c.prizes.some((p) => p.weight > 0), { path: ['prizes'], message: 'at least one prize needs a weight above 0' })
  .describe('The spin-to-win campaign (/spin-to-win).');
