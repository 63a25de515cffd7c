/**
 * New Zealand's Consumer Information Notice (CIN): what a motor vehicle trader must show with
 * every used car it offers, online on the same page as the car (Consumer Information Standards
 * (Used Motor Vehicles) Regulations 2008, under the Fair Trading Act). A demonstrator counts as
 * used. The notice has the trader's details, the sale (cash price, any security interest on the
 * PPSR) and the vehicle's (year, engine, distance, VIN, WoF, licence, registration, import
 * history, fuel, road user charges).
 *
 * Every row comes from the stock feed and the dealer file. A value the feed does not carry is
 * shown as "Not provided", never guessed: a notice with a wrong value misleads the buyer, one that
 * says what is missing tells them what to ask.
 */
import type { Vehicle } from '../../stock/model/vehicle';
import type { DealerConfig, Location } from '../../platform/config/schema';
import { formatDate, formatDistance, formatMoney } from '../../platform/formats/region';
import { formatAddress } from '../../dealer/model/locations';

export const NOT_PROVIDED = 'Not provided';

export const SECURITY_INTEREST_WARNING =
  'WARNING: A security interest means that this vehicle could be security for a loan and could be repossessed. Check the Personal Property Securities Register (ppsr.companiesoffice.govt.nz) before you buy.';

/** Said on the notice itself, as the paper notice says it. */
export const BUYER_COPY_NOTE = 'If you buy this vehicle, the trader must give you a copy of this notice to keep.';

export interface NoticeRow {
  label: string;
  value: string;
  /** False when the value is missing ("Not provided"). */
  provided: boolean;
}

export interface NoticeSection {
  heading: string;
  rows: NoticeRow[];
}

export interface NoticeTrader {
  name: string;
  address?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  /** The Motor Vehicle Traders Register number, e.g. "M123456" (the location's dealer licence number). */
  registration?: string | undefined;
}

export type NoticeCar = Pick<Vehicle, 'car_type' | 'make' | 'model' | 'year' | 'km' | 'price' | 'fuel'> &
  Partial<
    Pick<
      Vehicle,
      | 'vin'
      | 'engine_cc'
      | 'registration_plate'
      | 'wof_expiry'
      | 'licence_expiry'
      | 'first_registered_nz'
      | 'first_registered_overseas'
      | 'country_last_registered'
      | 'imported_damaged'
      | 'security_interest'
      | 'road_user_charges'
    >
  >;

export interface ConsumerNotice {
  sections: NoticeSection[];
  /** Shown when a security interest is registered, or not known. */
  warning?: string;
  note: string;
}

/** The trader on a car's notice: the dealer, at the location that has the car (its address, contact and trader number). */
export function noticeTrader(site: Pick<DealerConfig, 'name' | 'phone' | 'email' | 'address'>, location: Location | undefined): NoticeTrader {
  const contact = location?.contact_detail;
  return {
    name: site.name,
    address: location?.address ? formatAddress(location.address) : site.address,
    phone: contact?.phone ?? site.phone,
    email: contact?.email ?? site.email,
    registration: location?.dealer_license_number,
  };
}

/** Whether a car needs the notice: a used or demonstrator car on a New Zealand site. */
export function needsConsumerNotice(region: string, car: Pick<Vehicle, 'car_type'>): boolean {
  return region === 'NZ' && (car.car_type === 'used' || car.car_type === 'demo');
}

const row = (label: string, value: string | number | undefined): NoticeRow => {
  const text = value === undefined ? '' : String(value).trim();
  return text ? { label, value: text, provided: true } : { label, value: NOT_PROVIDED, provided: false };
};

const yesNo = (value: boolean | undefined): string | undefined => (value === undefined ? undefined : value ? 'Yes' : 'No');

function dateText(date: string | undefined, locale: string): string | undefined {
  if (!date) return undefined;
  try {
    return formatDate(date, locale);
  } catch {
    return undefined;
  }
}

/** The notice for a car, or undefined where none is needed. `locale` is the site's (en-NZ). */
export function consumerNotice(car: NoticeCar, trader: NoticeTrader, { region, locale }: { region: string; locale: string }): ConsumerNotice | undefined {
  if (!needsConsumerNotice(region, car)) return undefined;
  const sections: NoticeSection[] = [
    {
      heading: 'Trader',
      rows: [
        row('Trader name', trader.name),
        row('Address', trader.address),
        row('Contact', [trader.phone, trader.email].filter(Boolean).join(', ')),
        row('Trader registration number', trader.registration),
      ],
    },
    {
      heading: 'Sale',
      rows: [
        row('Cash price (including GST, registration and licensing)', car.price > 0 ? formatMoney(car.price, locale, 'NZD') : undefined),
        row('Security interest registered on the PPSR', yesNo(car.security_interest)),
      ],
    },
    {
      heading: 'Vehicle',
      rows: [
        row('Make and model', `${car.make} ${car.model}`),
        row('Vehicle year', car.year),
        row('Engine capacity', car.engine_cc ? `${car.engine_cc.toLocaleString(locale)} cc` : undefined),
        row('Distance travelled (odometer)', formatDistance(car.km, 'km', locale)),
        row('VIN or chassis number', car.vin),
        row('Warrant or certificate of fitness expires', dateText(car.wof_expiry, locale)),
        row('Vehicle licence expires', dateText(car.licence_expiry, locale)),
        row('Registration plate', car.registration_plate),
        row('Year first registered in New Zealand', car.first_registered_nz),
        row('Operating fuel type', car.fuel),
        row('Road user charges apply', yesNo(car.road_user_charges)),
      ],
    },
    {
      heading: 'Import history',
      rows: [
        row('Year first registered overseas', car.first_registered_overseas),
        row('Country where last registered', car.country_last_registered),
        row('Imported as a damaged vehicle', yesNo(car.imported_damaged)),
      ],
    },
  ];
  return { sections, ...(car.security_interest === false ? {} : { warning: SECURITY_INTEREST_WARNING }), note: BUYER_COPY_NOTE };
}
