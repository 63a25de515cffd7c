/**
 * What a deploy sends and removes, worked out from the site's files and what the target holds,
 * before anything is changed.
 */
import { compareUploadOrder, headersFor, type FileHeaders } from './file-kinds';
import type { SiteFile } from './site-folder';
import type { PublishedFile } from './target';

export interface Upload extends FileHeaders {
  file: SiteFile;
  /** `new`: not on the target; `changed`: other content; `headers`: same content, served with other headers. */
  reason: 'new' | 'changed' | 'headers';
}

export interface DeployPlan {
  /** In upload order (compareUploadOrder). */
  uploads: Upload[];
  unchanged: SiteFile[];
  /** Site paths on the target that the site no longer has; removed only once every upload is in. */
  removals: string[];
}

function reasonToUpload(file: SiteFile, headers: FileHeaders, published: PublishedFile | undefined): Upload['reason'] | undefined {
  if (!published) return 'new';
  if (published.sha256 !== file.sha256) return 'changed';
  // A bucket serves the headers stored with the object, so a new cache rule needs the object again.
  if (published.contentType !== undefined && published.contentType !== headers.contentType) return 'headers';
  if (published.cacheControl !== undefined && published.cacheControl !== headers.cacheControl) return 'headers';
  return undefined;
}

export function planDeploy(files: readonly SiteFile[], published: ReadonlyMap<string, PublishedFile>): DeployPlan {
  const uploads: Upload[] = [];
  const unchanged: SiteFile[] = [];
  for (const file of files) {
    const headers = headersFor(file.path);
    const reason = reasonToUpload(file, headers, published.get(file.path));
    if (reason) uploads.push({ file, reason, ...headers });
    else unchanged.push(file);
  }
  uploads.sort((a, b) => compareUploadOrder(a.file.path, b.file.path));
  const inSite = new Set(files.map((file) => file.path));
  const removals = [...published.keys()].filter((sitePath) => !inSite.has(sitePath)).sort();
  return { uploads, unchanged, removals };
}
