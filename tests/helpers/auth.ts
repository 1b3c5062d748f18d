import { hashPassword } from '../../src/server/auth/password.ts';
import { users, type UserRole } from '../../src/server/db/schema.ts';
import type { Db } from '../../src/server/db/client.ts';

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

let counter = 0;

/** Registration is a later slice: tests put accounts straight into the table. */
export async function insertUser(db: Db, overrides: { email?: string; password?: string; role?: UserRole; country?: string } = {}): Promise<TestUser> {
  counter += 1;
  const email = (overrides.email ?? `shopper${counter}.${Date.now()}@example.com`).toLowerCase();
  const password = overrides.password ?? `Correct horse ${counter}!`;
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), firstName: 'Test', lastName: `User ${counter}`, country: overrides.country ?? 'SG', role: overrides.role ?? 'shopper' })
    .returning({ id: users.id });
  if (!row) throw new Error('insertUser: no row returned');
  return { id: row.id, email, password };
}

/** `name=value` pairs of a response's Set-Cookie headers (the last one per name wins, as in a browser). */
export function cookieJar(response: Response, jar: Map<string, string> = new Map()): Map<string, string> {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const cut = pair?.indexOf('=') ?? -1;
    if (!pair || cut < 0) continue;
    const name = pair.slice(0, cut);
    const value = pair.slice(cut + 1);
    if (/Max-Age=0(;|$)/.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
