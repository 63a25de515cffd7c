/**
 * The assistant's stock search next to the search page's, on the same stock, for `npm run bench`:
 * p50/p95 of the MCP `search_stock` tool (POST /api/mcp, one JSON-RPC tools/call, the way an
 * assistant's SDK client sends it over Streamable HTTP) beside the search page's own request for
 * the very search the tool arrived at (POST /api/search/multi-search: the main query with the
 * page's facets plus its facet queries), one request at a time, in turns, over the same phrases.
 *
 *   npx tsx scripts/bench/assistant-search.ts [--rounds 20]
 *
 * The server is its own process (scripts/bench/search-server.ts) over the demo dealers; the
 * dealer is kingfisher-toyota (900 demo cars). The engine's answer cache serves repeats on both
 * sides alike; the tool's extra work (reading the words, the count that decides whether to keep
 * them, the postcode) is what the difference shows.
 */
import { request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDealer } from '../../src/platform/config/load';
import { projectPaths } from '../../src/build/stamps';
import { buildMultiSearch } from '../../src/search/model/query';
import type { SearchState } from '../../src/search/model/state';
import { MAIN_FACETS } from './engine';
import { startServer, stopServer } from './search-load';

const DEALER = 'kingfisher-toyota';
const HOST = `${DEALER}.localhost`;

/** What shoppers ask their assistant for, as it passes the words on. */
export const ASSISTANT_PHRASES = [
  'white Toyota SUV under $40,000 near 4000',
  'used hilux under 50k',
  'hybrid suv',
  'diesel ute between 30k and 60k',
  'corolla',
  'new Toyota',
  'RAV4 near 4506',
  'cheap hatch under $20,000',
];

export interface LatencyPair {
  p50: number;
  p95: number;
  max: number;
}

export interface AssistantSearchResult {
  dealer: string;
  phrases: number;
  requests: number;
  mcpSearchTool: LatencyPair;
  searchPageQuery: LatencyPair;
}

function post(port: number, path: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host: `${HOST}:${port}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

function latency(samples: readonly number[]): LatencyPair {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1] ?? 0) };
}

const MCP_HEADERS = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

interface ToolAnswer {
  understood: { refinements: SearchState['refinements']; price?: { min?: number; max?: number }; words?: string };
}

async function searchTool(port: number, words: string, id: number): Promise<ToolAnswer> {
  const body = JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'search_stock', arguments: { words } } });
  const answer = await post(port, '/api/mcp', body, MCP_HEADERS);
  if (answer.status !== 200) throw new Error(`search_stock answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  const parsed = JSON.parse(answer.text) as { result?: { structuredContent?: ToolAnswer; isError?: boolean }; error?: unknown };
  const content = parsed.result?.structuredContent;
  if (!content || parsed.result?.isError) throw new Error(`search_stock refused "${words}": ${answer.text.slice(0, 300)}`);
  return content;
}

export async function benchAssistantSearch({ rounds = 20 }: { rounds?: number } = {}): Promise<AssistantSearchResult> {
  const site = loadDealer(DEALER, projectPaths().dealersDir);
  const uid = site.search.index_uid ?? site.slug;
  // The bench is one address asking hundreds of times a minute: the per-address limit is measured in the tests, not here.
  const server = await startServer({ ASSISTANT_RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    // The search the tool arrived at for each phrase, as the search page would send it.
    const pageBodies: string[] = [];
    let id = 1;
    for (const words of ASSISTANT_PHRASES) {
      const { understood } = await searchTool(server.port, words, id++);
      const state: SearchState = {
        refinements: understood.refinements,
        ranges: understood.price ? { price: understood.price } : {},
        ...(understood.words ? { query: understood.words } : {}),
      };
      const queries = buildMultiSearch(state, { site, nowSeconds: Math.floor(Date.now() / 1000) }, { indexUid: uid, facets: MAIN_FACETS });
      pageBodies.push(JSON.stringify({ queries }));
    }
    const tool: number[] = [];
    const page: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const [i, words] of ASSISTANT_PHRASES.entries()) {
        let started = performance.now();
        await searchTool(server.port, words, id++);
        tool.push(performance.now() - started);
        started = performance.now();
        const answer = await post(server.port, '/api/search/multi-search', pageBodies[i]!);
        page.push(performance.now() - started);
        if (answer.status !== 200) throw new Error(`multi-search answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      }
    }
    return { dealer: DEALER, phrases: ASSISTANT_PHRASES.length, requests: tool.length, mcpSearchTool: latency(tool), searchPageQuery: latency(page) };
  } finally {
    await stopServer(server);
  }
}

export function formatAssistantSearch(result: AssistantSearchResult): string {
  const row = (name: string, l: LatencyPair) =>
    `  ${name.padEnd(34)} p50 ${String(l.p50).padStart(6)} ms   p95 ${String(l.p95).padStart(6)} ms   max ${String(l.max).padStart(6)} ms`;
  return [
    `Assistant search vs the search page (${result.dealer}, ${result.phrases} phrases, ${result.requests} requests each, one at a time):`,
    row('MCP search_stock (POST /api/mcp)', result.mcpSearchTool),
    row('search page multi-search', result.searchPageQuery),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { rounds: { type: 'string' } } });
  const result = await benchAssistantSearch({ rounds: Number(values.rounds ?? 20) });
  console.log(formatAssistantSearch(result));
}
