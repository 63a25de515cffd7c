/**
 * Service booking times for the service form (mounted at /api):
 *
 *   GET /service-slots?location_id= → 200 {location_id, slots: [{date, times}], source}
 *   GET /appointment-slots?location_id= → the same, for an appointment at a sales location
 *
 * From the dealer's back-office when it has one, else from the location's opening and holiday
 * hours (src/providers/service-slots.ts); a back-office that fails falls back to the hours.
 */
import { Hono } from 'hono';
import { answerFaults, CHECK_FIELDS, problem, send } from '../../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import type { Log } from '../../platform/http/outbound';
import type { Providers } from '../../providers';
import { bookingLocation, type BookingKind } from '../../providers/service-slots';

export interface ServiceSlotsApiOptions {
  configFor: ConfigFor;
  providers: Pick<Providers, 'serviceSlots'>;
  now: () => number;
  log: Log;
}

export function createServiceSlotsApi({ configFor, providers, now, log }: ServiceSlotsApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));

  const where: Record<BookingKind, string> = { service: 'Choose one of our service locations', appointment: 'Choose one of our sales locations' };
  for (const kind of ['service', 'appointment'] as const) {
    api.get(`/${kind}-slots`, knownDealer(configFor), async (c) => {
      const site = c.get('site');
      const locationId = c.req.query('location_id');
      if (!locationId || locationId.length > 40 || !bookingLocation(site, locationId, kind)) {
        return send(c, problem(400, CHECK_FIELDS, { location_id: where[kind] }));
      }
      const answer = await providers.serviceSlots(site, locationId, now(), kind);
      return send(c, { status: 200, body: { location_id: locationId, ...answer } });
    });
  }

  return api;
}
