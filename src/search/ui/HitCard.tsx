/**
 * One car in the results: image, name, one prominent price, weekly price, how far away it is
 * (sorted nearest first), odometer, badges and a favourite toggle. Props only; the same component renders the prerendered HTML and the island.
 */
import type { DealerConfig } from '../../platform/config/schema';
import {
  CAR_TYPE_LABELS,
  carPath,
  priceText,
  RESERVED_LABEL,
  repaymentPriceText,
  STATUS_LABELS,
  arrivalText,
  subscriptionPriceText,
  type RepaymentSite,
} from '../../stock/model/car';
import { imageSrc, imageSrcSet } from '../../stock/model/images';
import { formatDistance, wording, type Units } from '../../platform/formats/region';
import type { CardHit } from '../browser/hits';
import { SAVED_CARS_WORDS } from '../../saved-cars/model/labels';
import { Icon } from './Icon';

export interface CardSite {
  /** The dealer site's slug: its saved cars are kept under it. */
  slug: string;
  region: DealerConfig['region'];
  locale: string;
  units: Units;
  image_cdn?: DealerConfig['image_cdn'];
  saved_cars: DealerConfig['features']['saved_cars'];
  /** Used cars are 'Pre-Owned' on sites whose stock path is /pre-owned. */
  pre_owned?: boolean;
  /** The dealer's advertised finance terms; the page shows their words once (src/stock/ui/RepaymentTerms.astro). */
  repayment?: RepaymentSite['repayment'];
}

/** Card image box: 4:3, as the placeholder photos and most feeds are. */
export const CARD_IMAGE = { width: 400, height: 300 } as const;
const SRCSET_WIDTHS = [320, 400, 640, 800] as const;
const IMAGE_SIZES = '(min-width: 1200px) 300px, (min-width: 768px) 45vw, 100vw';

export interface HitCardProps {
  hit: CardHit;
  site: CardSite;
  /** Cards in the first row load at once; the rest when scrolled near. */
  eager: boolean;
  saved?: boolean;
  /** The shopper pressed the save toggle. */
  onToggleSaved?: () => void;
  /** The shopper opens the car from the results (the search click event). */
  onOpen?: () => void;
}

export function HitCard({ hit, site, eager, saved = false, onToggleSaved, onOpen }: HitCardProps) {
  const say = wording(site.locale);
  const image = hit.primary_image_url;
  const srcSet = image ? imageSrcSet(image, site, SRCSET_WIDTHS) : '';
  const repayment = repaymentPriceText(hit, site);
  const typeLabel = hit.car_type === 'used' && site.pre_owned ? 'Pre-Owned' : CAR_TYPE_LABELS[hit.car_type];
  const status = hit.reserved && hit.status === 'in_stock' ? RESERVED_LABEL : hit.status !== 'in_stock' ? STATUS_LABELS[hit.status] : '';
  const flags = [typeLabel, status, arrivalText(hit, site.locale), hit.badge ?? '', hit.tag ?? ''].filter(Boolean);
  const titleId = `car-${hit.id}`;
  const id = String(hit.id);
  return (
    <article className="car-card" aria-labelledby={titleId}>
      <div className="car-card-media">
        {image ? (
          <img
            src={imageSrc(image, site, { width: CARD_IMAGE.width })}
            {...(srcSet ? { srcSet, sizes: IMAGE_SIZES } : {})}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="car-card-noimage">No photo yet</div>
        )}
      </div>
      <div className="car-card-body">
        <h3 className="car-card-title" id={titleId}>
          <a href={carPath(hit.slug)} onClick={onOpen}>
            {hit.name}
          </a>
        </h3>
        {flags.length > 0 && (
          <ul className="car-card-flags" aria-label="Labels">
            {flags.map((flag) => (
              <li key={flag}>{flag}</li>
            ))}
          </ul>
        )}
        <p className="car-card-price">{priceText(hit.price, site)}</p>
        {/* Its footnote marker comes from search.css and its terms from the page (RepaymentTerms.astro): the island stays within its budget. */}
        {repayment && <p className="car-card-weekly">{repayment}</p>}
        {hit.subscription_price ? <p className="car-card-subscription">{subscriptionPriceText(hit.subscription_price, site)}</p> : null}
        {hit.distance !== undefined && <p className="car-card-distance">{formatDistance(hit.distance / 1000, site.units, site.locale)} away</p>}
        <ul className="car-card-specs" aria-label="Key details">
          <li>{formatDistance(hit.km, site.units, site.locale)}</li>
          {hit.fuel && <li>{hit.fuel}</li>}
          {hit.transmission && <li>{hit.transmission}</li>}
        </ul>
      </div>
      <button
        type="button"
        className="car-card-save icon-button"
        aria-pressed={saved}
        aria-label={say(SAVED_CARS_WORDS[site.saved_cars].saveNamed.replace('{name}', hit.name))}
        data-favourite-id={id}
        onClick={onToggleSaved}
      >
        <Icon name={site.saved_cars === 'compare' ? 'compare' : 'heart'} />
      </button>
    </article>
  );
}
