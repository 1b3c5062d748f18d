import { Hono } from 'hono';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import type { AppEnv } from '../http/site.ts';

/** `beauty-pass/…`: a member's status, points history, tier news seen, joining (issue 15). */
export function beautyPassRoutes(_db: Db, _auth: AuthService) {
  return new Hono<AppEnv>();
}
