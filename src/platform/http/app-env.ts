import type { NodeBindings } from './client-ip';

/** Hono environment shared by the app and every /api sub-app. */
export interface AppEnv {
  /** What @hono/node-server passes (the socket, for the client address); absent under app.request(). */
  Bindings: NodeBindings | undefined;
  Variables: {
    /**
     * The dealer this request is for, chosen by Host (dealer-host.ts); null when the host names
     * no dealer this server serves. API routes that act for a dealer read it from here.
     */
    dealer: string | null;
    /** The Host is a development name (`*.localhost`, a loopback name), where the server may list its dealers. */
    devHost: boolean;
    /**
     * The headers of the dealer's file this response sends (src/server/site-headers.ts); unset for
     * everything else (the API, the server's own errors), which gets security.ts's platformHeaders.
     */
    siteHeaders: Readonly<Record<string, string>> | undefined;
  };
}
