import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { API_PREFIX } from '../../src/config/constants.ts';
import { ClientTokenRequestSchema, SESSION_COOKIES } from '../../src/contract/auth.ts';

/**
 * A real HTTP server implementing the token contract of spec §7 until the Accounts issue brings
 * the real endpoint: `POST auth/token` (client flow) rotates the refresh token and sets the jwt
 * cookies; a refresh token used twice is theft and revokes the whole session; `GET user` needs an
 * unexpired access token (`jwt-data` + `jwt-signature`).
 */
export interface TokenServer {
  origin: string;
  baseURL: string;
  /** Every request, in arrival order: `METHOD /path`. */
  log: string[];
  tokenRequests(): number;
  userRequests(): number;
  /** Opens a session and returns its cookies, as a sign-in would set them. */
  signIn(): Record<string, string>;
  /** Every access token issued so far is expired from now on. */
  expireAccessTokens(): void;
  /** Milliseconds the token endpoint takes, so requests pile up behind a refresh. */
  tokenDelayMs: number;
  /** Whether a token was refused because it was used twice. */
  theftDetected(): boolean;
  close(): Promise<void>;
}

interface Session {
  revoked: boolean;
  /** The one refresh token of this session that may be used. */
  current: string;
  used: Set<string>;
}

const TOKEN_ROUTE = `${API_PREFIX}/auth/token`;
const USER_ROUTE = `${API_PREFIX}/user`;

function parseCookies(header: string | undefined): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name) cookies[name] = rest.join('=');
  }
  return cookies;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function json(res: ServerResponse, status: number, body: unknown, cookies: string[] = []) {
  res.writeHead(status, { 'content-type': 'application/json', ...(cookies.length ? { 'set-cookie': cookies } : {}) });
  res.end(JSON.stringify(body));
}

const token = () => randomBytes(9).toString('base64url');

export async function startTokenServer(): Promise<TokenServer> {
  const log: string[] = [];
  const sessions = new Map<string, Session>();
  /** `jwt-data.jwt-signature` → session id and whether it still works. */
  const accessTokens = new Map<string, { session: string; expired: boolean }>();
  let theft = false;

  const issue = (sessionId: string): Record<string, string> => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const data = Buffer.from(JSON.stringify({ sub: sessionId, jti: token() })).toString('base64url');
    const signature = token();
    accessTokens.set(`${data}.${signature}`, { session: sessionId, expired: false });
    session.current = token();
    return { [SESSION_COOKIES.data]: data, [SESSION_COOKIES.signature]: signature, [SESSION_COOKIES.refreshToken]: `${sessionId}~${session.current}` };
  };

  const setCookies = (cookies: Record<string, string>) =>
    Object.entries(cookies).map(
      ([name, value]) => `${name}=${value}; Max-Age=5184000; Path=/; SameSite=Lax${name === SESSION_COOKIES.data ? '' : '; HttpOnly'}`,
    );

  const refuse = (res: ServerResponse, message: string) =>
    json(res, 401, { message, status: 401 }, [SESSION_COOKIES.signature, SESSION_COOKIES.refreshToken].map((name) => `${name}=; Max-Age=0; Path=/`));

  const handleToken = async (req: IncomingMessage, res: ServerResponse) => {
    const parsed = v.safeParse(ClientTokenRequestSchema, JSON.parse((await readBody(req)) || 'null'));
    if (!parsed.success) return json(res, 422, { message: 'Invalid token request', status: 422 });
    if (server.tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, server.tokenDelayMs));
    const [sessionId = '', presented = ''] = (parseCookies(req.headers.cookie)[SESSION_COOKIES.refreshToken] ?? '').split('~');
    const session = sessions.get(sessionId);
    if (!session || session.revoked) return refuse(res, 'Invalid refresh token');
    if (session.used.has(presented)) {
      // Reuse means two holders of one token: one of them stole it, so neither keeps the session.
      theft = true;
      session.revoked = true;
      for (const access of accessTokens.values()) if (access.session === sessionId) access.expired = true;
      return refuse(res, 'Refresh token reused');
    }
    if (presented !== session.current) return refuse(res, 'Invalid refresh token');
    session.used.add(presented);
    return json(res, 200, { ok: true }, setCookies(issue(sessionId)));
  };

  const handleUser = (req: IncomingMessage, res: ServerResponse) => {
    const cookies = parseCookies(req.headers.cookie);
    const access = accessTokens.get(`${cookies[SESSION_COOKIES.data] ?? ''}.${cookies[SESSION_COOKIES.signature] ?? ''}`);
    if (!access || access.expired || sessions.get(access.session)?.revoked) return json(res, 401, { message: 'Unauthorized', status: 401 });
    return json(res, 200, { id: access.session, email: `${access.session}@example.com` });
  };

  const httpServer = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    log.push(`${req.method} ${path}`);
    if (req.method === 'POST' && path === TOKEN_ROUTE) return void handleToken(req, res);
    if (req.method === 'GET' && path === USER_ROUTE) return handleUser(req, res);
    json(res, 404, { message: 'Resource not found!', status: 404 });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const server: TokenServer = {
    origin,
    baseURL: `${origin}${API_PREFIX}`,
    log,
    tokenRequests: () => log.filter((line) => line === `POST ${TOKEN_ROUTE}`).length,
    userRequests: () => log.filter((line) => line === `GET ${USER_ROUTE}`).length,
    signIn: () => {
      const id = `member-${sessions.size + 1}`;
      sessions.set(id, { revoked: false, current: '', used: new Set() });
      return issue(id);
    },
    expireAccessTokens: () => {
      for (const access of accessTokens.values()) access.expired = true;
    },
    tokenDelayMs: 0,
    theftDetected: () => theft,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
  return server;
}

/**
 * The browser's cookie store for one origin, as tests need it: a fetch that sends the jar and
 * stores every `Set-Cookie` (deleting on `Max-Age=0`), and the `document.cookie` view of it
 * (http-only cookies excluded).
 */
export interface CookieJar {
  fetch: typeof globalThis.fetch;
  set(cookies: Record<string, string>): void;
  get(name: string): string | null;
  delete(name: string): void;
  /** What `document.cookie` would show. */
  documentCookie(): string;
}

export function createCookieJar(): CookieJar {
  const cookies = new Map<string, { value: string; httpOnly: boolean }>();
  const store = (line: string) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const lower = attributes.map((attribute) => attribute.toLowerCase());
    if (lower.includes('max-age=0') || value === '') cookies.delete(name);
    else cookies.set(name, { value, httpOnly: lower.includes('httponly') });
  };
  return {
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      const header = [...cookies].map(([name, { value }]) => `${name}=${value}`).join('; ');
      if (header) headers.set('cookie', header);
      const response = await globalThis.fetch(input, { ...init, headers });
      response.headers.getSetCookie().forEach(store);
      return response;
    },
    set: (values) => {
      for (const [name, value] of Object.entries(values)) cookies.set(name, { value, httpOnly: name !== SESSION_COOKIES.data });
    },
    get: (name) => cookies.get(name)?.value ?? null,
    delete: (name) => void cookies.delete(name),
    documentCookie: () =>
      [...cookies]
        .filter(([, cookie]) => !cookie.httpOnly)
        .map(([name, { value }]) => `${name}=${value}`)
        .join('; '),
  };
}
