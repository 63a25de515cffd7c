/** The server's check of a draw request: the page's own field (./draw-request.ts) in a strict body. */
import { z } from 'zod';
import { campaignField } from './draw-request';

export const drawRequestSchema = z.strictObject({ campaign: campaignField });
