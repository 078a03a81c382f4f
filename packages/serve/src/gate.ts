import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The cookie that carries the token after the first visit, so that links inside the app need no token. */
export const TOKEN_COOKIE = 'xview_token';

/** What the gate knows: the secret token, the host names the server answers to, and the app's path. */
export interface GateState {
  readonly token: Buffer;
  /** `host:port` values accepted in the Host header, lower case. */
  readonly hosts: ReadonlySet<string>;
  /** The path every page of the app lies under, `/x-<secret>` (see {@link appBase}). */
  readonly base: string;
}

/**
 * The gate's answer: let in, with the request's path inside the app (and the
 * cookie to set when the token came in the URL), or refuse with a status.
 */
export type GateVerdict = { allowed: true; path: string; setCookie?: string } | { allowed: false; status: 400 | 403; reason: string };

/**
 * The path the app lies under: `/x-` and 22 characters of an HMAC of a
 * secret (the key `xview serve` keeps in its cache folder, so that addresses
 * outlive a restart, else the token). Browsers send a cookie to every port
 * of its host, so a page from another server on 127.0.0.1 would receive a
 * cookie scoped to `/`; the token's cookie is scoped to this path instead,
 * which no other server knows. The path does not give the secret back.
 */
export function appBase(secret: string): string {
  return `/x-${createHmac('sha256', secret).update('xview serve app path').digest('base64url').slice(0, 22)}`;
}

/** The path inside the app of a request's `pathname`, or `undefined` when it is not under `base`. */
function pathInApp(base: string, pathname: string): string | undefined {
  if (pathname === base) return '/';
  return pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : undefined;
}

/**
 * The host names the server answers to on `port`: the loopback names, and the
 * host it was told to bind when that is another. A page served under any
 * other name came through DNS rebinding (a foreign site's name resolved to
 * 127.0.0.1), and is refused.
 */
export function allowedHosts(bindHost: string, port: number): Set<string> {
  const names = new Set(['127.0.0.1', 'localhost', '[::1]']);
  names.add(bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost);
  return new Set([...names].map((name) => `${name.toLowerCase()}:${port}`));
}

/** Creates the gate's state for a token, the accepted hosts and the app's path (by default the token's, see {@link appBase}). */
export function createGate(token: string, hosts: Iterable<string>, base: string = appBase(token)): GateState {
  return { token: Buffer.from(token), hosts: new Set(hosts), base };
}

function sameToken(state: GateState, given: string | undefined): boolean {
  if (given === undefined) return false;
  const bytes = Buffer.from(given);
  // Compared in constant time: the token is the only secret between the app and other users of the machine.
  return bytes.length === state.token.length && timingSafeEqual(bytes, state.token);
}

function cookieToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return undefined;
}

/** What the gate reads of a request: Node's `IncomingMessage` has all of it. */
export type GateRequest = Pick<IncomingMessage, 'headers' | 'method'> & { readonly rawHeaders?: readonly string[]; readonly url?: string };

/**
 * The host a request is for, lower case, or `undefined` when it is not one
 * clear name: a second Host header (Node keeps the first, anything in front
 * of the server may take the other) is refused, and an absolute-form target
 * (`GET http://evil.example/ HTTP/1.1`) names its own host, which must be the
 * Host header's.
 */
function requestHost(request: GateRequest, url: URL): string | undefined {
  const rawHeaders = request.rawHeaders ?? [];
  let hostHeaders = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) if (rawHeaders[i]?.toLowerCase() === 'host') hostHeaders += 1;
  const host = request.headers.host?.toLowerCase();
  if (hostHeaders > 1 || host === undefined) return undefined;
  if (request.url !== undefined && !request.url.startsWith('/') && url.host.toLowerCase() !== host) return undefined;
  return host;
}

/**
 * Checks one request: the Host header must be one the server answers to, an
 * Origin (sent by browsers on cross-origin and non-GET requests) must be the
 * server's own, and the token must come in the `token` query parameter (on
 * any path) or in the cookie on a path under the app's base. A token in the
 * URL earns the cookie (HttpOnly, SameSite=Strict, bound to the base's path),
 * so neither another site's page nor another port's server gets it.
 */
export function checkRequest(state: GateState, request: GateRequest, url: URL): GateVerdict {
  const host = requestHost(request, url);
  if (host === undefined || !state.hosts.has(host)) return { allowed: false, status: 403, reason: 'this server answers only to its own address' };
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== `http://${host}`) return { allowed: false, status: 403, reason: 'requests from other sites are refused' };
  if (request.method !== 'GET' && request.method !== 'HEAD') return { allowed: false, status: 400, reason: 'this server is read-only' };
  const path = pathInApp(state.base, url.pathname);
  const inUrl = url.searchParams.get('token') ?? undefined;
  if (sameToken(state, inUrl)) {
    const setCookie = `${TOKEN_COOKIE}=${state.token.toString()}; Path=${state.base}; HttpOnly; SameSite=Strict`;
    return { allowed: true, path: path ?? url.pathname, setCookie };
  }
  if (path !== undefined && sameToken(state, cookieToken(request.headers.cookie))) return { allowed: true, path };
  return { allowed: false, status: 403, reason: 'open the address xview serve printed, with its token' };
}
