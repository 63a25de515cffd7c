/**
 * The work after a payment's state changed, outside the database transaction because it talks to
 * the outside (the provider, the mail server): refunds owed, the dealer's lead for a paid
 * deposit, the shopper's receipt for an online payment. Each is safe to repeat: a refund has the
 * payment's idempotency key at the provider, a lead the payment's key in the lead store. What
 * fails here is tried again by the expiry watcher.
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { ConfigFor } from '../../platform/http/dealer-site';
import type { LeadDb } from '../../platform/db/open';
import type { PaymentRow, ReservationRow } from '../../platform/db/schema';
import type { MailReceipt, ShopperMail } from '../../leads/delivery/outbox/shopper-mail';
import type { Vehicle } from '../../stock/model/vehicle';
import { providerNamed, type PaymentProviders, type PaymentToTake } from '../../providers/payments';
import { receiptMail, sendDepositLead } from './notices';
import { recordRefund, type Applied } from './payments-store';

export interface SettlementOptions {
  db: LeadDb;
  configFor: ConfigFor;
  providers: PaymentProviders;
  env: NodeJS.ProcessEnv;
  stockCar: (site: DealerConfig, carId: string) => Vehicle | undefined;
  sendMail: (site: DealerConfig, mail: ShopperMail) => Promise<MailReceipt>;
  now: () => number;
  log: (message: string, error?: unknown) => void;
  /** A deposit took a hold on one of this dealer's cars (a real Meilisearch is told: reserved-flags.ts). */
  onHoldsChanged?: (dealer: string) => void;
}

export interface Settlement {
  /** Refunds a paid payment through its provider and records it; false when the refund failed (left to try again). */
  refund(payment: PaymentRow, reason: string): Promise<boolean>;
  depositLead(payment: PaymentRow, reservation: Pick<ReservationRow, 'held_until'> | undefined): Promise<void>;
  followUp(applied: Applied): Promise<void>;
}

export const paymentToTake = (payment: PaymentRow, description: string): PaymentToTake => ({
  id: payment.id,
  dealer: payment.dealer,
  email: payment.email,
  kind: payment.kind,
  amount_minor: payment.amount_minor,
  currency: payment.currency,
  description,
  provider_ref: payment.provider_ref,
});

export function createSettlement({ db, configFor, providers, env, stockCar, sendMail, now, log, onHoldsChanged }: SettlementOptions): Settlement {
  const refund = async (payment: PaymentRow, reason: string): Promise<boolean> => {
    const provider = providerNamed(providers, payment.provider);
    if (!provider) {
      log(`checkout: payment ${payment.id} is owed a refund but ${payment.provider} is not configured here`);
      return false;
    }
    try {
      const { refund_ref } = await provider.refund(paymentToTake(payment, reason), reason);
      await recordRefund(db, payment, refund_ref, reason, new Date(now()));
      return true;
    } catch (error) {
      log(`checkout: refunding payment ${payment.id} failed; it is tried again later: ${error instanceof Error ? error.message : String(error)}`, error);
      return false;
    }
  };

  const depositLead = async (payment: PaymentRow, reservation: Pick<ReservationRow, 'held_until'> | undefined): Promise<void> => {
    const site = await configFor(payment.dealer);
    if (!site) return;
    try {
      await sendDepositLead({ database: db, site, env, payment, reservation, car: stockCar(site, payment.car_id ?? ''), now: new Date(now()) });
    } catch (error) {
      log(`checkout: the lead for deposit ${payment.id} was not stored; it is tried again later`, error);
    }
  };

  return {
    refund,
    depositLead,
    async followUp(applied) {
      if (applied.kind === 'refund-owed') await refund(applied.payment, applied.reason);
      else if (applied.kind === 'held') {
        onHoldsChanged?.(applied.payment.dealer);
        await depositLead(applied.payment, applied.reservation);
      } else if (applied.kind === 'paid-invoice') {
        const site = await configFor(applied.payment.dealer);
        if (!site) return;
        await sendMail(site, receiptMail(site, applied.payment)).catch((error: unknown) =>
          log(`checkout: the receipt for payment ${applied.payment.id} was not sent`, error),
        );
      }
    },
  };
}
