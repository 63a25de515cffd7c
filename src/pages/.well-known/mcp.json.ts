import type { APIRoute } from 'astro';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { site } from '../../platform/config/current';
import { serverCard } from '../../assistants/model/discovery';

/** The agent endpoint's server card, for assistants that look for one before connecting. */
export const GET: APIRoute = () =>
  new Response(JSON.stringify(serverCard(site, LATEST_PROTOCOL_VERSION), null, 2), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
