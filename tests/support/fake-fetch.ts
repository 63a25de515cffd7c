/**
 * A fetch for browser code's unit tests: answers from a script of routes and records every call
 * (method, path, JSON body, headers), so a test can say what the page sent and what it did with
 * the answer, without a server.
 */
export interface FetchCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
  init: RequestInit | undefined;
}

/** An answer: a status and JSON body, or an Error to throw (the network failing). */
export type Answer = { status: number; body?: unknown; text?: string } | Error;

type Route = Answer | ((call: FetchCall) => Answer);

export function fakeFetch(routes: Record<string, Route | Route[]> = {}) {
  const calls: FetchCall[] = [];
  const used = new Map<string, number>();
  const fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = init?.method ?? 'GET';
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    let body: unknown;
    if (typeof init?.body === 'string') {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const call: FetchCall = { method, path, body, headers: new Headers(init?.headers), init };
    calls.push(call);
    const key = `${method} ${path.split('?')[0]}`;
    const route = routes[key] ?? routes[`${method} ${path}`];
    if (route === undefined) return Promise.resolve(new Response(JSON.stringify({ error: `no route for ${key}` }), { status: 404 }));
    let next: Route;
    if (Array.isArray(route)) {
      const index = used.get(key) ?? 0;
      used.set(key, index + 1);
      next = route[Math.min(index, route.length - 1)]!;
    } else next = route;
    const answer = typeof next === 'function' ? next(call) : next;
    if (answer instanceof Error) return Promise.reject(answer);
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return Promise.resolve(new Response(answer.status === 204 ? null : text, { status: answer.status, headers: { 'Content-Type': 'application/json' } }));
  };
  return { fetch: fetch, calls };
}
