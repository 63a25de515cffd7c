/**
 * The dealer file's `domains`: other host names the site is served on (the apex of a `www.` url,
 * an old domain). The API picks the dealer of a request by its Host (src/platform/http/dealer-host.ts),
 * so a name here is written exactly as a Host header carries it: lower case, no scheme, path or port.
 */
import { z } from 'zod';

/** Labels of letters, digits and inner hyphens; at least two, the last starting with a letter (so no IP addresses). */
const hostnamePattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export const hostname = z
  .string()
  .regex(hostnamePattern, { error: 'must be a lower-case host name such as "kingfishertoyota.com.au", without https://, a path or a port' })
  // `<slug>.localhost` is how the local server names every dealer already.
  .refine((name) => !name.endsWith('.localhost'), { error: 'names under .localhost are for development; the local server answers <slug>.localhost itself' });

export const domainsSchema = z
  .array(hostname)
  .max(20)
  .superRefine((domains, ctx) => {
    const seen = new Map<string, number>();
    domains.forEach((domain, i) => {
      const first = seen.get(domain);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: [i], message: `duplicate domain "${domain}" (also domains[${first}])` });
      else seen.set(domain, i);
    });
  });
