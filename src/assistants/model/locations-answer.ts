/**
 * The dealer's locations as an assistant is told about them, and as the llms.txt lists them:
 * the visible locations in the site's order, each with what it does, its address and phone, its
 * opening hours as the location cards word them, the holiday hours still to come, and whether it
 * takes test drives or service bookings (the same rule the booking forms and the booking check use).
 */
import type { DealerConfig, Location } from '../../platform/config/schema';
import { isTrading } from '../../platform/config/location-opening';
import { formatAddress, locationKind, sortLocations, specialHoursFor } from '../../dealer/model/locations';
import { groupOpeningHours, upcomingSpecialHours } from '../../dealer/model/hours';
import { siteUrl } from '../../dealer/model/seo';
import { bookingLocation } from '../../providers/service-slots';

export type LocationSite = Pick<DealerConfig, 'url' | 'locale' | 'phone' | 'locations' | 'special_hours' | 'features'>;

export interface LocationAnswer {
  id: string;
  name: string;
  /** sales, service or parts. */
  kind: string;
  address: string;
  phone?: string;
  /** False for a location still to open, or one that shows a status instead of trading. */
  trading: boolean;
  /** Rows as the location card prints them: "Mon-Fri: 8am - 5:30pm". */
  opening_hours: string[];
  /** Holiday hours from today on: "Thu 25 Dec (Christmas Day): Closed". */
  holiday_hours: string[];
  takes_test_drives: boolean;
  takes_service_bookings: boolean;
  url: string;
}

function answer(site: LocationSite, location: Location, today: string): LocationAnswer {
  const options = { allowByAppointment: site.features.allow_by_appointment, locale: site.locale };
  const phone = location.contact_detail?.phone ?? site.phone;
  const trading = isTrading(location, today);
  return {
    id: String(location.id),
    name: location.name,
    kind: locationKind(location),
    address: formatAddress(location.address),
    ...(phone ? { phone } : {}),
    trading,
    opening_hours: groupOpeningHours(location.contact_detail?.opening_hours ?? [], options).map((row) => `${row.label}: ${row.text}`),
    holiday_hours: upcomingSpecialHours(specialHoursFor(site.special_hours, location), today, options).map(
      (day) => `${day.label}${day.name ? ` (${day.name})` : ''}: ${day.text}`,
    ),
    takes_test_drives: trading && bookingLocation(site, location.id, 'appointment') !== undefined,
    takes_service_bookings: trading && bookingLocation(site, location.id, 'service') !== undefined,
    url: siteUrl(site, `/our-location/${location.slug}`),
  };
}

/** `today` is the dealer's day, "YYYY-MM-DD" (todayIn(site.time_zone)). */
export function locationAnswers(site: LocationSite, today: string): LocationAnswer[] {
  return sortLocations(site.locations).map((location) => answer(site, location, today));
}
