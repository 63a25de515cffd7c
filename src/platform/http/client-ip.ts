/**
 * The address a request came from, for the rate limit. Anyone can send X-Forwarded-For, so it
 * is believed only as far as TRUST_PROXY says proxies we run stand in front of us:
 *
 * - unset, `false` or `0`: no proxy; the socket's address.
 * - a number N: N proxies. Counting the socket's peer as the first (as Express's `trust proxy`
 *   does), the client is the N-th address from the right of X-Forwarded-For. Each proxy appends
 *   the address it saw, so addresses further left were written by the client and prove nothing.
 * - a list of addresses and ranges (`10.0.0.0/8, 2001:db8::1`): walking from the socket's peer
 *   leftwards through X-Forwarded-For, the first address that is not one of our proxies.
 *
 * Never "trust everything" (Express's `true`): that takes the leftmost address, which the client
 * writes itself, so a bot could pick a fresh rate-limit key per request.
 */
import { BlockList, isIP } from 'node:net';

/** What @hono/node-server hands the app as `c.env`; absent under app.request() in tests. */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string | undefined } };
}

/** TRUST_PROXY, read: how many proxies stand in front of us, or which addresses are ours. */
export type ProxyTrust = { hops: number } | { proxies: BlockList };

const family = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** One list entry, added to `proxies`; false when it is not an address or a range. */
function addProxy(proxies: BlockList, entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const kind = isIP(address);
  if (kind === 0 || extra !== undefined) return false;
  if (prefix === undefined) {
    proxies.addAddress(address, family(address));
    return true;
  }
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(bits <= (kind === 4 ? 32 : 128))) return false;
  proxies.addSubnet(address, bits, family(address));
  return true;
}

/** Reads TRUST_PROXY; throws, naming the value, when it is neither a count nor a list of addresses. */
export function proxyTrust(env: NodeJS.ProcessEnv): ProxyTrust {
  const setting = env.TRUST_PROXY?.trim() ?? '';
  if (setting === '' || setting.toLowerCase() === 'false') return { hops: 0 };
  if (/^\d{1,2}$/.test(setting)) return { hops: Number(setting) };
  const proxies = new BlockList();
  const entries = setting.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !addProxy(proxies, entry));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must be the number of proxies in front of the server (e.g. 1) or a comma-separated list of their addresses and ranges (e.g. 10.0.0.0/8, 192.0.2.7); "${bad[0]?.slice(0, 60) ?? ''}" is neither`,
    );
  }
  return { proxies };
}

/** Whether TRUST_PROXY says the server stands behind a proxy (it then sees the proxy's Host if it is not kept). */
export const behindProxy = (trust: ProxyTrust): boolean => !('hops' in trust) || trust.hops > 0;

/** The addresses a request passed, nearest first: the socket's peer, then X-Forwarded-For read from the right. */
function addressHops(bindings: NodeBindings | undefined, forwardedFor: string | undefined): (string | undefined)[] {
  return [
    bindings?.incoming?.socket?.remoteAddress,
    ...(forwardedFor ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .reverse(),
  ];
}

export function clientIp(bindings: NodeBindings | undefined, forwardedFor: string | undefined, trust: ProxyTrust): string {
  const hops = addressHops(bindings, forwardedFor);
  const trusted = (address: string | undefined, index: number): boolean =>
    'hops' in trust ? index < trust.hops : address !== undefined && isIP(address) !== 0 && trust.proxies.check(address, family(address));
  // As Express: stop at the first hop that is not ours; when every hop is, the furthest one.
  let index = 0;
  while (index < hops.length - 1 && trusted(hops[index], index)) index += 1;
  return hops[index]?.slice(0, 100) ?? 'unknown';
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && isIP(address) !== 0 && loopback.check(address, family(address));

/**
 * Whether a request came from this machine: the socket's peer and every address X-Forwarded-For
 * names are loopback, whatever TRUST_PROXY says. A proxy on this machine passing a request on
 * appends the client's address, so such a request is not from this machine; a client cannot
 * make itself look local by what it writes, since the proxy's own hop or the socket's is checked
 * too. Without a socket (app.request() in tests, with no bindings) it is not.
 */
export function fromThisMachine(bindings: NodeBindings | undefined, forwardedFor: string | undefined): boolean {
  return addressHops(bindings, forwardedFor).every(isLoopbackAddress);
}
