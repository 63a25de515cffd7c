/** Hono environment shared by the app and every /api sub-app. */
export interface AppEnv {
  Variables: {
    /**
     * The dealer this request is for, chosen by Host (see app.ts); null when the host names a
     * dealer this server does not have. API routes that act for a dealer read it from here.
     */
    dealer: string | null;
  };
}
