import { describe, expect, it } from 'vitest';
import { SCRYPT_PARAMS, hashPassword, verifyAgainstDummy, verifyPassword } from '../../src/server/auth/password.ts';

const FORMAT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

describe('password hashing (scrypt N=2^15, r=8, p=1, 16-byte salt)', () => {
  it('round trip: the right password verifies, a wrong one (1 character off, empty, case) does not', async () => {
    const hash = await hashPassword('Correct horse battery staple');
    expect(await verifyPassword('Correct horse battery staple', hash)).toBe(true);
    for (const wrong of ['Correct horse battery stapl', 'correct horse battery staple', '', 'Correct horse battery staple ']) {
      expect(await verifyPassword(wrong, hash), wrong).toBe(false);
    }
  });

  it('encodes scrypt$N$r$p$salt$hash with the pinned cost and a 16-byte salt and 32-byte key', async () => {
    const match = FORMAT.exec(await hashPassword('x'));
    expect(match).not.toBeNull();
    const [, N, r, p, salt, key] = match ?? [];
    expect([Number(N), Number(r), Number(p)]).toEqual([SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
    expect(SCRYPT_PARAMS.N).toBe(32768);
    expect(Buffer.from(salt ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(key ?? '', 'base64url')).toHaveLength(32);
  });

  it('uses a per-user random salt: 2 users with the same password get different salts and hashes', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
    expect(a?.split('$')[4]).not.toBe(b?.split('$')[4]);
    expect(await verifyPassword('same password', a)).toBe(true);
    expect(await verifyPassword('same password', b)).toBe(true);
  });

  it('never matches a malformed or tampered stored hash', async () => {
    const hash = await hashPassword('secret');
    const parts = hash.split('$');
    const key = Buffer.from(parts[5] ?? '', 'base64url');
    key[0] = (key[0] ?? 0) ^ 1;
    const flipped = [...parts.slice(0, 5), key.toString('base64url')].join('$');
    for (const bad of ['', 'plain', 'bcrypt$10$abc', hash.replace('scrypt$32768', 'scrypt$1000'), hash.replace('scrypt$32768', 'scrypt$2147483648'), flipped]) {
      expect(await verifyPassword('secret', bad), bad).toBe(false);
    }
  });

  it('the dummy check for unknown emails always fails', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
