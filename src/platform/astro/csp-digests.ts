/**
 * Astro's CSP digests worked out once per text in a render worker (astro.config.mjs,
 * `cspDigestsOnce`). Astro hashes every inline style and script of every page it renders, to
 * list them in the page's policy; the site inlines its stylesheets, so that was the same few
 * stylesheets hashed again on each of a dealer's thousand pages, through WebCrypto's thread pool:
 * about 2-3 % of a render worker. A digest depends only on the text and the algorithm.
 */
type Digest = (data: string, algorithm: string) => Promise<string>;

/** Texts remembered at most: a bundle inlines a few dozen; anything past this is hashed each time. */
export const REMEMBERED_TEXTS = 500;

export function digestOnce(digest: Digest): Digest {
  // By algorithm, then by the text itself: the same string each page, whose hash V8 keeps.
  const known = new Map<string, Map<string, Promise<string>>>();
  let remembered = 0;
  return (data, algorithm) => {
    let texts = known.get(algorithm);
    if (!texts) known.set(algorithm, (texts = new Map<string, Promise<string>>()));
    const found = texts.get(data);
    if (found) return found;
    const made = digest(data, algorithm);
    if (remembered < REMEMBERED_TEXTS) {
      remembered += 1;
      texts.set(data, made);
      // A failed digest is not remembered: the next page asks again.
      made.catch(() => {
        texts.delete(data);
        remembered -= 1;
      });
    }
    return made;
  };
}
