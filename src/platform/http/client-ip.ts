/**
 * The address a request came from, for the rate limit. The socket's address unless
 * TRUST_PROXY=1 says a proxy in front of us appends the real one to X-Forwarded-For; anyone
 * can send that header, so without a proxy believing it would let a bot pick its own key.
 */

/** What @hono/node-server hands the app as `c.env`; absent under app.request() in tests. */
export interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string | undefined } };
}

export function clientIp(bindings: NodeBindings | undefined, forwardedFor: string | undefined, env: NodeJS.ProcessEnv): string {
  if (env.TRUST_PROXY?.trim() === '1' && forwardedFor) {
    // Our proxy appends the address it saw; anything to its left came from the client.
    const last = forwardedFor
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .pop();
    if (last) return last.slice(0, 100);
  }
  return bindings?.incoming?.socket?.remoteAddress ?? 'unknown';
}
