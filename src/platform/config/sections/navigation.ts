/** Header and footer navigation. */
import { z } from 'zod';
import { imageUrl, linkUrl, text } from './values';

export const navLinkSchema = z
  .strictObject({
    name: text(80).min(1).describe('Link text.'),
    url: linkUrl.describe('Link target.'),
    target: z.enum(['_self', '_blank']).default('_self').describe('"_blank" opens in a new tab.'),
    className: z
      .string()
      .regex(/^[A-Za-z0-9 _-]*$/, { error: 'must be plain class names' })
      .max(120)
      .optional()
      .describe('Extra CSS classes.'),
    image: imageUrl.optional().describe('Tile image (brands and models menus).'),
  })
  .describe('A menu link.');

export const dynamicDropdowns = ['brands', 'models', 'tractors', 'bodies', 'stock', 'columns'] as const;

export const navigationItemSchema = z
  .strictObject({
    name: text(80).min(1).describe('Menu label.'),
    url: linkUrl.optional().describe('Link target; a dropdown without one opens on click only.'),
    target: z.enum(['_self', '_blank']).default('_self').describe('"_blank" opens in a new tab.'),
    className: z
      .string()
      .regex(/^[A-Za-z0-9 _-]*$/, { error: 'must be plain class names' })
      .max(120)
      .optional()
      .describe('Extra CSS classes.'),
    dynamicDropdown: z
      .enum(dynamicDropdowns)
      .optional()
      .describe(
        'Mega-menu kind: brands (tiles from manufacturers), models (grid from models), tractors, bodies (body styles plus a Shop Cars column from dropdownItems), stock (car types), columns (dropdownMenus as columns).',
      ),
    dropdownItems: z.array(navLinkSchema).max(60).default([]).describe('Links of a plain dropdown, or the Shop Cars column of a bodies menu.'),
    dropdownMenus: z
      .array(
        z
          .strictObject({
            heading: text(80).describe('Column heading.'),
            items: z.array(navLinkSchema).max(40).describe('Column links.'),
          })
          .describe('A column of a multi-column menu.'),
      )
      .max(8)
      .default([])
      .describe('Columns of a multi-column menu.'),
  })
  .describe('A header or footer menu entry.');

export const footerVariants = ['columns', 'brand', 'group', 'minimal'] as const;
/** Footer variants that are built from footer navigation and cannot run without it. */
export const footerVariantsNeedingNavigation: readonly FooterVariant[] = ['columns', 'brand', 'group'];
export type FooterVariant = (typeof footerVariants)[number];
