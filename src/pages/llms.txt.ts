import type { APIRoute } from 'astro';
import { site } from '../platform/config/current';
import { todayIn } from '../platform/formats/zoned-time';
import { llmsTxt } from '../assistants/model/discovery';

/** What a shopper's AI assistant reads first: the dealer, its locations, the stock, the agent endpoint. */
export const GET: APIRoute = () => new Response(llmsTxt(site, todayIn(site.time_zone)), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
