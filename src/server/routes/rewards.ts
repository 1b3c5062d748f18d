import { Hono } from 'hono';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import type { AppEnv } from '../http/site.ts';

/** `rewards`, `cart/rewards`, `beauty-pass/offers` (issue 15). */
export function rewardRoutes(_db: Db, _auth: AuthService) {
  return new Hono<AppEnv>();
}
