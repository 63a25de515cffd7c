/**
 * The dealer opening a file a shopper sent with a lead (the car photos of a trade-in), mounted
 * under /api:
 *
 * - GET /leads/:id/files/:fileId?key=<unix s>.<HMAC>  the link a delivery carries
 *   (file-links.ts). The link alone is the key: no route serves a lead's file without it.
 *
 * The signature is checked before anything is looked up, so a guessed address learns nothing,
 * not even whether the lead exists. The file must be that lead's, and the lead the dealer's the
 * Host names, as on every lead route. The answer is a download of the stored bytes under the
 * kind read from their first bytes when they arrived, never one the shopper declared, with a
 * name the server makes and headers that keep a browser from running or caching it.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { leadFiles, leads } from '../../platform/db/schema';
import type { AppEnv } from '../../platform/http/app-env';
import { answerFaults, problem, send } from '../../platform/http/answers';
import { platformHeaders } from '../../platform/http/security';
import { LEAD_FILE_RULES, type FileKind } from '../model/lead-files';
import { leadFilesDir } from './files';
import { checkFileLink } from './file-links';
import { memoryLeadLimiter, rateLimit } from './rate-limit';
import { leadAckSecret } from './response-tracking';
import type { LeadStorage } from './routes';
import { NO_LEAD_STORAGE } from './mock-leads';

export interface LeadFileApiOptions {
  storage: LeadStorage | undefined;
  env?: NodeJS.ProcessEnv;
  /** Project root for a relative LEADS_FILES_DIR and the kept secret. */
  root?: string;
  log?: (message: string, error?: unknown) => void;
}

const MAX_ID_LENGTH = 100;

/** The extension a downloaded file is named with, by its sniffed kind. */
const EXTENSIONS: Readonly<Record<FileKind, string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'application/pdf': 'pdf' };

const isFileKind = (kind: string): kind is FileKind => Object.hasOwn(EXTENSIONS, kind);

/** Stored names and dealer slugs are made by the server; anything else in a row is not a path we follow. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEALER_SLUG = /^[a-z0-9][a-z0-9-]*$/;

/**
 * The download's name: the field and the file's id, both the server's own words (the field is one
 * of LEAD_FILE_RULES', checked when the file came), never the name the shopper's device gave it.
 */
export function downloadName(field: string, fileId: string, kind: FileKind): string {
  const what = Object.hasOwn(LEAD_FILE_RULES, field) ? field.replace(/_/g, '-') : 'file';
  const id = fileId.replace(/[^0-9a-zA-Z-]/g, '').slice(0, 36) || 'file';
  return `${what}-${id}.${EXTENSIONS[kind]}`;
}

/**
 * What the download carries besides the platform's usual headers: no script, plugin or frame may
 * run from it (a PDF is a document a browser can script), it is saved rather than shown in the
 * site's origin, and no cache or referrer keeps its address.
 */
const DOWNLOAD_HEADERS: Readonly<Record<string, string>> = {
  ...platformHeaders,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export function createLeadFileApi({ storage, env = process.env, root = process.cwd(), log: defaultLog = console.error }: LeadFileApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const log = storage?.log ?? defaultLog;
  const now = storage?.now ?? Date.now;
  const filesDir = storage?.filesDir ?? leadFilesDir(env, root);
  const limited = rateLimit(storage?.rateLimiter ?? memoryLeadLimiter(env), 'file_links', env);
  let secret: string | undefined;
  const linkSecret = () => (secret ??= leadAckSecret(env, root));
  api.onError(answerFaults({ log, logAs: 'could not serve a lead file', answer: 'The file could not be opened just now. Please try again.' }));

  const notFound = (c: Context<AppEnv>) => send(c, problem(404, 'File not found'));

  api.get('/leads/:id/files/:fileId', limited, async (c) => {
    const dealer = c.get('dealer');
    const leadId = c.req.param('id');
    const fileId = c.req.param('fileId');
    c.header('X-Robots-Tag', 'noindex');
    if (dealer === null || leadId.length > MAX_ID_LENGTH || fileId.length > MAX_ID_LENGTH) return notFound(c);
    const check = checkFileLink(linkSecret(), { leadId, fileId, key: c.req.query('key') }, now());
    if (check === 'invalid') return send(c, problem(403, 'This link is not valid. Open the link from the lead as it was delivered.'));
    if (check === 'expired') return send(c, problem(403, 'This link has expired. Ask the website’s operator for the file.'));
    if (!storage) return send(c, problem(503, NO_LEAD_STORAGE));

    const [row] = await storage.database.db
      .select({ field: leadFiles.field, stored_name: leadFiles.stored_name, content_type: leadFiles.content_type })
      .from(leadFiles)
      .innerJoin(leads, eq(leadFiles.lead_id, leads.id))
      .where(and(eq(leadFiles.id, fileId), eq(leadFiles.lead_id, leadId), eq(leads.dealer, dealer)))
      .limit(1);
    if (!row) return notFound(c);
    if (!STORED_NAME.test(row.stored_name) || !DEALER_SLUG.test(dealer) || !isFileKind(row.content_type)) {
      log(`lead file ${fileId} of lead ${leadId} (${dealer}) has a stored name or kind the server never makes; not served`);
      return notFound(c);
    }
    let bytes: Buffer;
    try {
      bytes = await readFile(path.join(filesDir, dealer, row.stored_name));
    } catch (error) {
      // Removed with its lead's retention (npm run leads:purge) or by hand: gone, not a fault.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(c);
      throw error;
    }
    c.set('siteHeaders', DOWNLOAD_HEADERS);
    const headers = {
      'Content-Type': row.content_type,
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="${downloadName(row.field, fileId, row.content_type)}"`,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex',
    };
    return new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), { status: 200, headers });
  });

  return api;
}
