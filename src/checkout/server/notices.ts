/**
 * What the dealer and the shopper are told about a payment: a paid deposit is a lead to the
 * dealer with the payment reference (stored through the lead store, so the outbox delivers it
 * as JSON and ADF/XML like any form's), and a paid online payment is a receipt email.
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { LeadDb } from '../../platform/db/open';
import type { LeadConsent, PaymentRow, ReservationRow } from '../../platform/db/schema';
import { formatMoney } from '../../platform/formats/region';
import { EVENT_IDS } from '../../platform/web/event-ids';
import { outboxDestinations } from '../../leads/delivery/outbox/destinations';
import { createLead, type LeadInput } from '../../leads/server/store';
import type { ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import { vehicleEnquiryCategory } from '../../stock/model/enquiry-category';
import type { Vehicle } from '../../stock/model/vehicle';
import { carPath } from '../../stock/model/car';
import { setLeadId } from './payments-store';
import { takesTestPayments, TEST_PAYMENT_NOTE } from '../model/api';

/** The subcategory deposit leads are filed under. */
export const DEPOSIT_SUBCATEGORY = 'Reservation deposit';

export const moneyText = (minor: number, currency: string, locale: string): string => formatMoney(minor / 100, locale, currency, { cents: minor % 100 !== 0 });

export interface DepositLead {
  database: LeadDb;
  site: DealerConfig;
  env: NodeJS.ProcessEnv;
  payment: PaymentRow;
  reservation: Pick<ReservationRow, 'held_until'> | undefined;
  car: Vehicle | undefined;
  now: Date;
}

/** Sends the dealer the lead for a paid deposit; one per payment however often it is asked. */
export async function sendDepositLead({ database, site, env, payment, reservation, car, now }: DepositLead): Promise<string> {
  const category = vehicleEnquiryCategory(car?.car_type);
  const amount = moneyText(payment.amount_minor, payment.currency, site.locale);
  const page = new URL(car ? `${carPath(car.slug)}/checkout` : '/', site.url).href;
  const held = reservation ? ` The car is held until ${reservation.held_until.toISOString()}.` : '';
  const test = takesTestPayments(payment.provider);
  const data: Record<string, unknown> = {
    form: 'enquiry',
    website_slug: site.slug,
    ...(car?.dealership_slug ? { dealership_slug: car.dealership_slug } : {}),
    url: page,
    source: 'Website',
    visited_pages: [],
    linked_query_params: {},
    car_id: payment.car_id,
    ...(car?.location_id !== undefined ? { location_id: String(car.location_id) } : {}),
    category,
    subcategory: DEPOSIT_SUBCATEGORY,
    lead_status: 'Complete',
    form_completed: true,
    skipped_steps: [],
    event_id: EVENT_IDS.form,
    email: payment.email,
    payment_reference: payment.id,
    payment_provider: payment.provider,
    ...(payment.provider_ref ? { payment_provider_reference: payment.provider_ref } : {}),
    deposit_amount: payment.amount_minor / 100,
    deposit_currency: payment.currency,
    ...(test ? { test_payment: true } : {}),
    message: `${test ? `${TEST_PAYMENT_NOTE} ` : ''}Reservation deposit of ${amount} paid online for the ${car?.name ?? 'car'} (stock id ${payment.car_id ?? ''}). Payment reference ${payment.id}.${held}`,
    opt_in: true,
  };
  const consent: LeadConsent = {
    opt_in: true,
    answered: true,
    form: 'enquiry',
    page,
    wording: 'Paying a reservation deposit asks the dealer to contact me about this car.',
    wording_id: null,
    at: now.toISOString(),
  };
  const lead: LeadInput = { form: 'enquiry', category, status: 'Complete', data, consent, quarantineReason: null };
  const result = await createLead(database, {
    dealer: site.slug,
    lead,
    destinations: outboxDestinations(site, env),
    idempotency: { key: `deposit:${payment.id}`, hash: 'deposit' },
    now,
  });
  if (result.kind !== 'stored' && result.kind !== 'replayed') throw new Error(`the deposit lead was not stored (${result.kind})`);
  const leadId = result.answer.body.id;
  if (typeof leadId !== 'string') throw new Error('the lead store answered without a lead id');
  await setLeadId(database, payment.id, leadId);
  return leadId;
}

/** The receipt for a paid online payment. */
export function receiptMail(site: Pick<DealerConfig, 'name' | 'locale' | 'url' | 'online_payment'>, payment: PaymentRow): ShopperMail {
  const amount = moneyText(payment.amount_minor, payment.currency, site.locale);
  const when = (payment.paid_at ?? new Date()).toISOString().slice(0, 10);
  const text = [
    `Thank you. ${site.name} received your payment.`,
    ...(takesTestPayments(payment.provider) ? ['', TEST_PAYMENT_NOTE] : []),
    '',
    `Amount: ${amount} (${payment.currency})`,
    `${site.online_payment.reference_label}: ${payment.reference ?? ''}`,
    `Payment reference: ${payment.id}`,
    `Date: ${when}`,
    '',
    `Keep this email as your receipt. Questions? Reply to ${site.name} through ${site.url}`,
  ].join('\n');
  return { to: payment.email, subject: `Receipt: ${amount} paid to ${site.name}`, text };
}
