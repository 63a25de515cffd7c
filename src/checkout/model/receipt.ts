/**
 * The receipt a shopper sees for their own paid deposit when they open that car's checkout again:
 * the hold is theirs, so the page says so and shows what they paid, when, under which reference,
 * and until when the car is held, in the dealer's time zone (the hold ends at the yard, not
 * wherever the shopper's browser is).
 */
import { formatMoney } from '../../platform/formats/region';
import type { PaymentView } from './api';

export interface ReceiptLine {
  label: string;
  value: string;
}

export interface DepositReceipt {
  heading: string;
  text: string;
  lines: ReceiptLine[];
}

const dateTime = (iso: string, locale: string, timeZone: string): string =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

/** The receipt for a paid deposit that still holds its car; undefined for anything else. */
export function depositReceipt(payment: PaymentView, place: { locale: string; time_zone: string }): DepositReceipt | undefined {
  if (payment.kind !== 'reservation' || payment.status !== 'paid' || !payment.held_until) return undefined;
  const { locale, time_zone } = place;
  const amount = formatMoney(payment.amount_minor / 100, locale, payment.currency, { cents: payment.amount_minor % 100 !== 0 });
  const until = dateTime(payment.held_until, locale, time_zone);
  const lines: ReceiptLine[] = [
    { label: 'Deposit paid', value: amount },
    ...(payment.paid_at ? [{ label: 'Paid on', value: dateTime(payment.paid_at, locale, time_zone) }] : []),
    { label: 'Held for you until', value: until },
    { label: 'Payment reference', value: payment.id },
  ];
  return {
    heading: 'You have reserved this car',
    text: `Your ${amount} deposit is paid and this car is held for you until ${until}. Our team will be in touch to arrange the sale. Keep this receipt for your records.`,
    lines,
  };
}
