/** Header, footer and social links. */
import { z } from 'zod';
import { footerVariants } from './navigation';
import { absoluteUrl, linkUrl, text } from './values';

export const headerButtonSchema = z
  .strictObject({
    label: text(40).min(1).describe('Button text.'),
    url: linkUrl.describe('Button target.'),
  })
  .describe('A header call-to-action button.');

export const headerSchema = z
  .strictObject({
    buttons: z
      .array(headerButtonSchema)
      .max(3)
      .default([
        { label: 'Book a Service', url: '/service' },
        { label: 'Finance Pre-Approval', url: '/finance' },
      ])
      .describe('Header buttons; defaults to "Book a Service" and "Finance Pre-Approval".'),
    top_banner: z
      .strictObject({
        show: z.boolean().default(true).describe('Show the top banner.'),
        address: z.boolean().default(true).describe("Show the primary location's address."),
        phone: z.boolean().default(true).describe('Show the phone number.'),
        locations_link: z.boolean().default(true).describe('Show a link to the locations list.'),
        social: z.boolean().default(true).describe('Show social links.'),
        rating: z.boolean().default(true).describe('Show the dealer star rating.'),
      })
      .prefault({})
      .describe('What the top banner shows.'),
    stock_menu: z
      .strictObject({
        used_label: z.enum(['Used', 'Pre-Owned']).default('Used').describe('What the menu calls used cars: "Used Cars" or "Pre-Owned Cars".'),
        electric_cars: z.boolean().default(false).describe('Adds "Electric Cars" (/electric-cars) to the stock menu.'),
        all_cars: z.boolean().default(true).describe('Adds "All Cars" (the default search path) to the stock menu.'),
      })
      .prefault({})
      .describe('The default stock dropdown: Used (or Pre-Owned), Demo and New for the car types in stock, then Electric Cars and All Cars as set here.'),
  })
  .describe('Header settings.');

export const staffContactSchema = z
  .strictObject({
    name: text(80).min(1).describe('Staff member name.'),
    role: text(80).optional().describe('Role, e.g. "Sales Manager".'),
    phone: text(30).optional().describe('Direct phone.'),
    email: z.email().max(200).optional().describe('Direct email.'),
  })
  .describe('A staff contact shown in the footer.');

export const footerSchema = z
  .strictObject({
    variant: z
      .enum(footerVariants)
      .default('columns')
      .describe(
        'Footer layout: columns (link columns), brand (columns with the manufacturer), group (columns plus the group logo strip), minimal (no navigation).',
      ),
    show_hours: z.boolean().default(true).describe("Show the primary location's opening hours."),
    show_contact: z.boolean().default(true).describe('Show contact details and the map link.'),
    show_subscribe: z.boolean().default(true).describe('Show the subscribe form.'),
    show_map: z
      .boolean()
      .default(false)
      .describe(
        "The footer's map variant: a map of the visible locations, one numbered marker each, with the list of them. Drawn from their coordinates (offline) without a maps key; the maps service's greyscale image with one.",
      ),
    staff_contacts: z.array(staffContactSchema).max(20).default([]).describe('Staff contacts.'),
    licence_numbers: z.array(text(120)).max(20).default([]).describe('Licence numbers as static text, e.g. "LMCT 12345".'),
    licence_line: text(300).optional().describe("Dealer licence line under the copyright; built from the primary location's licence when absent."),
    sub_footer_text: text(1000).optional().describe('Static text in the sub-footer (disclaimers).'),
    powered_by: z
      .strictObject({ name: text(60).describe('Credit name.'), url: absoluteUrl.describe('Credit link.') })
      .default({ name: 'Dealer Sites', url: 'https://www.dealersites.example' })
      .describe('Powered-by credit.'),
  })
  .describe('Footer settings.');

export const socialSchema = z
  .strictObject({
    facebook_url: absoluteUrl.optional().describe('Facebook page.'),
    instagram_url: absoluteUrl.optional().describe('Instagram profile.'),
    youtube_url: absoluteUrl.optional().describe('YouTube channel.'),
    linkedin_url: absoluteUrl.optional().describe('LinkedIn page.'),
    tiktok_url: absoluteUrl.optional().describe('TikTok profile.'),
    xtime_url: absoluteUrl.optional().describe('Xtime service-booking link.'),
  })
  .describe('Social and booking links.');
