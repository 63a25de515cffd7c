/**
 * Turns the dealer's navigation config into what the header and footer render: dynamic
 * dropdowns (models, brands, bodies, stock) are filled from the rest of the config here, so
 * components only lay out entries.
 */
import type { DealerConfig, Model, NavigationItem, NavLink } from '../../platform/config/schema';
import { slugify } from '../../platform/formats/slugify';
import { truncateAtWord } from '../../platform/formats/text';
import { carTypeSearchPath, defaultSearchPath, ELECTRIC_PATH, type CarType } from '../../search/model/search-path';
import { navigationDigest, STOCK_MENU_ORDER, stockMenuTypes } from './live-menus';

// Kept in ./live-menus.ts, which every page's live-data script loads: re-exported for the build.
export { navigationDigest, STOCK_MENU_ORDER, stockMenuTypes };

export const MODEL_DESCRIPTION_LIMIT = 75;

export interface Link {
  name: string;
  url: string;
  target: '_self' | '_blank';
  /** A stock menu link for one car type: shown only while that type has stock. */
  carType?: CarType;
  hidden?: boolean;
}

export interface ModelTile extends Link {
  label?: 'All-New' | 'New' | 'Coming Soon';
  description?: string;
  image?: string;
  priceFrom?: number;
}

export interface BrandTile extends Link {
  image?: string;
}

interface MenuBase {
  id: string;
  name: string;
  url?: string;
  target: '_self' | '_blank';
  className?: string;
}

export type MenuEntry =
  | (MenuBase & { kind: 'link'; url: string })
  | (MenuBase & { kind: 'dropdown'; items: Link[] })
  | (MenuBase & { kind: 'models'; models: ModelTile[]; viewAll: Link })
  | (MenuBase & { kind: 'brands'; brands: BrandTile[] })
  | (MenuBase & { kind: 'bodies'; bodies: Link[]; shopCars: Link[] })
  | (MenuBase & { kind: 'columns'; columns: { heading: string; items: Link[] }[] });

const toLink = (l: NavLink): Link => ({ name: l.name, url: l.url, target: l.target });

/** Model status as the label shown before its name, in menus and on the models pages. */
export const MODEL_LABELS = { all_new: 'All-New', new: 'New', coming_soon: 'Coming Soon' } as const satisfies Record<NonNullable<Model['status']>, string>;

/** The stock dropdown lists used, then demo, then new cars. */

/**
 * The default stock dropdown: a link per car type (each marked with its type, hidden while the
 * configured counts give it no stock, so live counts can show it without moving anything), then
 * Electric Cars and All Cars where the dealer file asks for them.
 */
export function stockLinks(site: Pick<DealerConfig, 'search' | 'header'>): Link[] {
  const menu = site.header.stock_menu;
  const counts = site.search.car_types;
  const shown = stockMenuTypes(counts);
  const label = { new: 'New Cars', demo: 'Demo Cars', used: `${menu.used_label} Cars` } as const;
  return [
    ...STOCK_MENU_ORDER.map((t) => ({ name: label[t], url: carTypeSearchPath(t), target: '_self' as const, carType: t, hidden: !shown.includes(t) })),
    ...(menu.electric_cars ? [{ name: 'Electric Cars', url: ELECTRIC_PATH, target: '_self' as const }] : []),
    ...(menu.all_cars ? [{ name: 'All Cars', url: defaultSearchPath(site), target: '_self' as const }] : []),
  ];
}

export function menuEntry(site: DealerConfig, item: NavigationItem, index: number): MenuEntry {
  const base: MenuBase = {
    id: `menu-${index}-${slugify(item.name) || 'item'}`,
    name: item.name,
    target: item.target,
    ...(item.url ? { url: item.url } : {}),
    ...(item.className ? { className: item.className } : {}),
  };
  switch (item.dynamicDropdown) {
    case 'models':
      return {
        ...base,
        kind: 'models',
        models: [...site.models]
          .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))
          .map((m) => ({
            name: m.name,
            url: m.override_url ?? `/models/${m.slug}`,
            target: '_self',
            ...(m.status ? { label: MODEL_LABELS[m.status] } : {}),
            ...(m.short_description ? { description: truncateAtWord(m.short_description, MODEL_DESCRIPTION_LIMIT).text } : {}),
            ...(m.cloudfront_new_image_url || m.image ? { image: m.cloudfront_new_image_url ?? m.image?.url } : {}),
            ...(m.price_from !== undefined ? { priceFrom: m.price_from } : {}),
          })),
        viewAll: { name: 'View all models', url: '/models?body=all', target: '_self' },
      };
    case 'brands':
      return {
        ...base,
        kind: 'brands',
        brands: site.manufacturers.map((m) => ({
          name: m.name,
          url: m.url ?? `/brands/${m.slug}`,
          target: '_self',
          ...(m.logo ? { image: m.logo.url } : {}),
        })),
      };
    case 'bodies':
      return {
        ...base,
        kind: 'bodies',
        bodies: site.search.body_styles.map((b) => ({ name: b, url: `/search/${slugify(b)}`, target: '_self' })),
        shopCars: item.dropdownItems.map(toLink),
      };
    case 'columns':
      return {
        ...base,
        kind: 'columns',
        columns: item.dropdownMenus.map((c) => ({ heading: c.heading, items: c.items.map(toLink) })),
      };
    case 'stock':
      return { ...base, kind: 'dropdown', items: item.dropdownItems.length > 0 ? item.dropdownItems.map(toLink) : stockLinks(site) };
    case 'tractors':
    case undefined:
      if (item.dropdownItems.length > 0) return { ...base, kind: 'dropdown', items: item.dropdownItems.map(toLink) };
      if (item.dropdownMenus.length > 0)
        return { ...base, kind: 'columns', columns: item.dropdownMenus.map((c) => ({ heading: c.heading, items: c.items.map(toLink) })) };
      return { ...base, kind: 'link', url: item.url ?? '/' };
  }
}

export function headerMenu(site: DealerConfig): MenuEntry[] {
  return site.navigation.header.map((item, i) => menuEntry(site, item, i));
}

export interface FooterColumn {
  heading: string;
  url?: string;
  target: '_self' | '_blank';
  /** Footer dropdown columns are split in two halves; a plain link column has one empty half. */
  halves: [Link[], Link[]];
}

export function splitInHalves<T>(items: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)];
}

export function footerColumns(site: DealerConfig): FooterColumn[] {
  return footerColumnsOf(site.navigation.footer ?? []);
}

/** The footer's columns from navigation items: the dealer file's, or the dealer dashboard's live ones. */
export function footerColumnsOf(items: readonly NavigationItem[]): FooterColumn[] {
  return items.map((item) => {
    const links = item.dropdownItems.length > 0 ? item.dropdownItems.map(toLink) : item.dropdownMenus.flatMap((c) => c.items.map(toLink));
    return {
      heading: item.name,
      target: item.target,
      ...(item.url ? { url: item.url } : {}),
      halves: splitInHalves(links),
    };
  });
}
