/**
 * Where a dealer's site is published: a folder a web server serves, or a bucket behind a CDN.
 * A target is one dealer's: it is made for that dealer's folder or key prefix, so nothing a
 * target does can reach another dealer's files.
 */
import type { FileHeaders } from './file-kinds';

/** What a target holds for one site path. */
export interface PublishedFile {
  /** Hex sha256 of the content; undefined when the target cannot say (an object uploaded by hand). */
  sha256: string | undefined;
  /** The headers it is served with, where the target keeps them (a bucket does, a folder does not). */
  contentType?: string | undefined;
  cacheControl?: string | undefined;
}

export interface FileToPublish extends FileHeaders {
  /** Site path relative to the site's root, forward slashes: `cars/x/index.html`. */
  path: string;
  body: Uint8Array;
  sha256: string;
}

export interface DeployTarget {
  /** Where it goes, for the summary: `.data/deploy/acme-motors`, `s3://sites/acme-motors/`. */
  readonly description: string;
  /** How many files to send at once: a bucket waits on the network, a folder on one disk. */
  readonly concurrency: number;
  /** Everything the target holds for this site, by site path. */
  list(): Promise<Map<string, PublishedFile>>;
  put(file: FileToPublish): Promise<void>;
  /** Removes these site paths; one already gone is not an error. */
  remove(paths: readonly string[]): Promise<void>;
  /**
   * Called once a deploy's puts and removals are over, failed or not: a target that keeps a
   * record to make the next list() cheaper writes it here. Its failure costs the next deploy
   * time, never a wrong answer, so it is reported and not fatal.
   */
  settle?(): Promise<void>;
}
