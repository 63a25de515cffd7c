/**
 * How a shopper's AI assistant finds a dealer's agent endpoint without scraping pages, written
 * at build from the dealer file: `/llms.txt` (the llmstxt.org convention: what the dealer is, its
 * locations and hours, where the stock is, how to talk to the endpoint) and
 * `/.well-known/mcp.json` (a server card in the shape the MCP server-card proposal describes: the
 * server's name, the Streamable HTTP endpoint, its tools).
 *
 * Both name only what the public site shows.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { siteUrl } from '../../dealer/model/seo';
import { defaultSearchPath } from '../../search/model/search-path';
import { locationAnswers, type LocationSite } from './locations-answer';

/** Where the endpoint answers on every dealer host (mounted under /api by src/server/api.ts). */
export const MCP_PATH = '/api/mcp';
export const LLMS_TXT_PATH = '/llms.txt';
export const SERVER_CARD_PATH = '/.well-known/mcp.json';

/** The tools, in the order an assistant uses them; src/assistants/server/mcp-api.ts registers exactly these. */
export const ASSISTANT_TOOLS = [
  { name: 'search_stock', summary: 'search the cars for sale the way the site search does (words like "white Toyota SUV under $40,000", near a postcode)' },
  { name: 'get_car', summary: 'one car: its price as the site words it, and whether it is still available or reserved right now' },
  { name: 'list_locations', summary: 'the dealer locations, their opening and holiday hours, and what each takes bookings for' },
  { name: 'get_booking_times', summary: 'free test-drive times for a car, or service times at a service location' },
  { name: 'send_enquiry', summary: "send the shopper's question to the dealer (only with the shopper's go-ahead)" },
  { name: 'book_test_drive', summary: "book a test drive of a car at one of the offered times (only with the shopper's go-ahead)" },
] as const;

export type AssistantToolName = (typeof ASSISTANT_TOOLS)[number]['name'];

export type DiscoverySite = LocationSite & Pick<DealerConfig, 'slug' | 'name' | 'region' | 'seo' | 'search'>;

/** Markdown link text: brackets and line breaks cannot close the link early. */
const linkText = (text: string): string => text.replace(/[[\]\r\n]/g, ' ').trim();
const line = (text: string): string => text.replace(/[\r\n]+/g, ' ').trim();

export function llmsTxt(site: DiscoverySite, today: string): string {
  const locations = locationAnswers(site, today);
  const out = [
    `# ${line(site.name)}`,
    '',
    `> ${line(site.seo.description)}`,
    '',
    `A car dealer (${site.region}). Prices are in the local currency as the site shows them, with the wording the law asks for there.`,
    '',
    '## Talk to this dealer from an AI assistant',
    '',
    `- [Agent endpoint](${siteUrl(site, MCP_PATH)}): Model Context Protocol, Streamable HTTP (stateless; POST JSON-RPC). Tools:`,
    ...ASSISTANT_TOOLS.map((tool) => `  - \`${tool.name}\`: ${tool.summary}`),
    `- [Server card](${siteUrl(site, SERVER_CARD_PATH)}): the endpoint and its tools as JSON.`,
    "- Leads sent through the endpoint go to the dealer like the website forms' leads. Send one only when the shopper has asked you to, with their own name, email and phone, and say whether they agreed to marketing.",
    '',
    '## Stock',
    '',
    `- [Cars for sale](${siteUrl(site, defaultSearchPath(site))}): the stock search page.`,
    '',
    '## Locations',
    '',
  ];
  for (const location of locations) {
    const facts = [location.address, location.phone && `phone ${location.phone}`, ...location.opening_hours].filter(Boolean).map((fact) => line(String(fact)));
    out.push(`- [${linkText(location.name)}](${location.url}): ${location.kind}. ${facts.join('; ')}`);
  }
  out.push('');
  return out.join('\n');
}

export interface ServerCard {
  $schema: string;
  version: string;
  protocolVersion: string;
  serverInfo: { name: string; title: string; version: string };
  description: string;
  documentationUrl: string;
  transport: { type: 'streamable-http'; endpoint: string };
  capabilities: { tools: Record<string, never> };
  tools: { name: string; description: string }[];
}

/** The version the endpoint reports as its serverInfo.version (bumped when the tools change). */
export const ASSISTANT_SERVER_VERSION = '1.0.0';

export function serverCard(site: Pick<DealerConfig, 'slug' | 'name' | 'url'>, protocolVersion: string): ServerCard {
  return {
    $schema: 'https://static.modelcontextprotocol.io/schemas/mcp-server-card/v1.json',
    version: '1.0',
    protocolVersion,
    serverInfo: { name: `${site.slug}-stock`, title: `${site.name} stock and bookings`, version: ASSISTANT_SERVER_VERSION },
    description: `Search ${site.name}'s cars for sale, check one is still available, see locations and opening hours, and send an enquiry or book a test drive.`,
    documentationUrl: siteUrl(site, LLMS_TXT_PATH),
    transport: { type: 'streamable-http', endpoint: siteUrl(site, MCP_PATH) },
    capabilities: { tools: {} },
    tools: ASSISTANT_TOOLS.map((tool) => ({ name: tool.name, description: tool.summary })),
  };
}
