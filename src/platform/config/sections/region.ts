/** Region and phone rules. */
import { z } from 'zod';
import { regions } from '../regions';

export const regionSchema = z.enum(regions).describe('Country the dealer trades in: sets wording, currency, phone rule and units.');

export const phoneRules = ['au', 'au_mobile', 'au_nz_uk', 'nz', 'us'] as const;
export type PhoneRule = (typeof phoneRules)[number];
