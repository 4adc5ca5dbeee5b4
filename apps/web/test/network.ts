// The web tests' network edge: Mock Service Worker (msw/node) answers the app's requests, so the app's
// own client (openapi-fetch over fetch) runs as in a browser. A test lists its answers in a table of
// "METHOD /path" → handler, typed from the server's OpenAPI document (src/lib/api-schema.d.ts): a key
// that is no route of the API, or an answer whose body is not that route's, fails to compile.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { vi } from 'vitest';
import type { components } from '../src/lib/api-schema';
import type { paths } from '../src/lib/api';

export const server = setupServer();

// ---------- types: the table's keys and answers, from the document ----------

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type RoutePath = keyof paths & string;
type MethodsOf<P extends RoutePath> = {
  [M in Method]: paths[P][M] extends undefined | never ? never : M;
}[Method];

/** '/api/projects/{projectId}/cover' → `/api/projects/${string}/cover`. */
type Concrete<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Concrete<Tail>}`
  : P;

type KeyOf<P extends RoutePath, M extends Method> =
  `${Uppercase<M>} ${Concrete<P>}` | `${Uppercase<M>} ${Concrete<P>}?${string}`;

/** Every key a table may have: a method and an address of the API (its query optional). */
export type RouteKey = { [P in RoutePath]: { [M in MethodsOf<P>]: KeyOf<P, M> }[MethodsOf<P>] }[RoutePath];

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : undefined;
type AnswersOf<O> = O extends { responses: infer Responses } ? JsonOf<Responses[keyof Responses]> : never;

/** The bodies the route(s) a key names may answer with: its success bodies and the error envelope. */
export type AnswerFor<K extends string> = {
  [P in RoutePath]: {
    [M in MethodsOf<P>]: K extends KeyOf<P, M> ? AnswersOf<NonNullable<paths[P][M]>> : never;
  }[MethodsOf<P>];
}[RoutePath];

/** A response whose body the type names (checked where a handler's answer must fit its route). */
export interface Answer<Body> extends Response {
  /** Type only: the body this answer carries. */
  readonly __body?: Body;
}

/** What a handler sees of the request: as fetch's init was, with the body as the text sent. */
export interface SentRequest {
  method: string;
  body: string | undefined;
  headers: Record<string, string>;
  credentials: RequestCredentials;
}

type Handler<Body> = (url: URL, init: SentRequest) => Answer<Body> | Promise<Answer<Body>>;
export type Routes<K extends RouteKey> = { [Key in K]: Handler<AnswerFor<Key>> };

// ---------- answers ----------

/** A JSON answer. */
export function json<Body>(body: Body, status = 200): Answer<Body> {
  return new HttpResponse(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type ErrorEnvelope = components['schemas']['ErrorEnvelope'];

/** The server's error envelope, with one of the contract's codes. */
export function apiError(
  status: number,
  code: ErrorEnvelope['error']['code'],
  message: string,
  fields?: Record<string, string>,
): Answer<ErrorEnvelope> {
  return json({ error: fields ? { code, message, fields } : { code, message } }, status);
}

// ---------- the table ----------

/** A table defined apart from `mockApi` (shared by several tests), checked as `mockApi` checks it. */
export function routes<K extends RouteKey>(table: Routes<K>): Routes<K> {
  return table;
}

/** The call as a test inspects it: the address as the app wrote it (path and query), and the request. */
export type Call = [url: string, init: SentRequest];

let unexpected: string[] = [];

/** What MSW calls for a request no handler answered: noted (setup.ts fails the test), and refused. */
export function onUnhandledRequest(request: Request, print: { error: () => void }): void {
  const url = new URL(request.url);
  unexpected.push(`${request.method} ${url.pathname}${url.search}`);
  print.error();
}

/** Requests no handler answered since the last check (each one also failed in the app as a network error). */
export function takeUnexpectedRequests(): string[] {
  const taken = unexpected;
  unexpected = [];
  return taken;
}

/** A table of one route whose address is built at run time (a computed key would lose its type). */
export function route<K extends RouteKey>(key: K, handler: Handler<AnswerFor<K>>): Routes<K> {
  const table: Record<string, Handler<AnswerFor<K>>> = { [key]: handler };
  return table as Routes<K>;
}

function keyOf(method: string, url: URL, withQuery: boolean): string {
  return `${method} ${url.pathname}${withQuery ? url.search : ''}`;
}

/**
 * Answers the app's requests from `routes`: a key with a query matches that exact address, one without
 * matches the path whatever the query. Tables of several calls are all consulted, the latest first; a
 * request none answers fails as a network error and fails the test (setup.ts). Returns a spy called once
 * per request this table answered, with the address and what was sent.
 */
export function mockApi<K extends RouteKey>(routes: Routes<K>) {
  const spy = vi.fn<(...call: Call) => void>();
  const table: Record<string, Handler<unknown>> = routes;
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const handler = table[keyOf(request.method, url, true)] ?? table[keyOf(request.method, url, false)];
      if (!handler) return undefined; // another table's, or nobody's
      const sent: SentRequest = {
        method: request.method,
        body: request.body === null ? undefined : await request.clone().text(),
        headers: Object.fromEntries(request.headers),
        credentials: request.credentials,
      };
      spy(`${url.pathname}${url.search}`, sent);
      return handler(url, sent);
    }),
  );
  return spy;
}
