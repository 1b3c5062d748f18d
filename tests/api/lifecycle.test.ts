import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from '../../src/server/lock.ts';
import { startServer } from '../../src/server/server.ts';
import { freePort } from '../helpers/ports.ts';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-data-'));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** GET on a keep-alive agent: the status, and whether the request went out on a socket used before. */
function keepAliveGet(agent: http.Agent, url: string): Promise<{ status: number; reused: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, reused: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

/** `tsx src/server/main.ts` as `npm start` runs it (node + tsx loader, so signals reach it directly). */
function spawnMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, ms: number) => {
    const deadline = Date.now() + ms;
    while (!pattern.test(output)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`"${pattern}" not seen; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe('data directory lock', () => {
  it('holds our pid, refuses a second owner and is removed on release', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toMatch(new RegExp(`^${process.pid} \\d+$`));
    expect(() => acquireDataDirLock(dir)).toThrow(new DataDirLockedError(dir, process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(`Data directory ${dir} is in use by process ${process.pid}; stop it or set DATA_DIR`);
    lock.release();
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '.lock'), `${deadPid()}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toMatch(new RegExp(`^${process.pid} \\d+$`));
    lock.release();
  });

  it('takes over a lock whose owner was killed and is a zombie its parent has not reaped yet', async () => {
    const dir = tempDir();
    // `sleep 0` exits at once; its parent became `sleep 5` (exec), which never waits for it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 5'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString()))));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
      writeFileSync(path.join(dir, '.lock'), `${zombie}\n`);
      const lock = acquireDataDirLock(dir);
      expect(readFileSync(path.join(dir, '.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
      lock.release();
    } finally {
      parent.kill('SIGKILL');
    }
  });

  it('takes over a lock whose pid now belongs to a process started at another time (a recycled pid)', () => {
    const dir = tempDir();
    const ownStart = readFileSync(`/proc/${process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[19];
    // Our own pid, alive, but with the start time of another process: the owner that wrote it is gone.
    writeFileSync(path.join(dir, '.lock'), `${process.pid} ${Number(ownStart) - 1}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, '.lock'), 'utf8').trim()).toBe(`${process.pid} ${ownStart}`);
    lock.release();
    // With the right start time, the same pid is the owner: refused.
    writeFileSync(path.join(dir, '.lock'), `${process.pid} ${ownStart}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});

// Both tests use one directory: the first creates it (slow: a fresh PGlite), the second reopens it.
let sharedDir = '';

describe('startServer on a data directory', () => {
  it('serves on a random port, refuses a second server or process on the same directory, and releases on close', async () => {
    const dir = (sharedDir = tempDir());
    writeFileSync(path.join(dir, '.lock'), `${deadPid()}\n`);
    const server = await startServer({ port: 0, dataDir: dir, seedProducts: 10, staticDir: null, log: () => undefined });
    try {
      expect(server.port).toBeGreaterThan(0);
      expect(server.seeded).toBe(true);
      const response = await fetch(`${server.url}/api/web/v1/products?per_page=100`);
      expect(((await response.json()) as { meta: { total: number } }).meta.total).toBe(10);

      await expect(startServer({ port: 0, dataDir: dir })).rejects.toThrow(`Data directory ${dir} is in use by process ${process.pid}; stop it or set DATA_DIR`);

      const second = spawnMain({ DATA_DIR: dir, PORT: '0', SEED_PRODUCTS: '10' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`Data directory ${dir} is in use by process ${process.pid}; stop it or set DATA_DIR`);
    } finally {
      await server.close();
    }
    expect(existsSync(path.join(dir, '.lock'))).toBe(false);
  }, 90_000);
});

describe('main.ts', () => {
  it('reopens the data directory, prints one ready line, serves, and exits 0 on SIGTERM with the lock removed', async () => {
    const dir = sharedDir || tempDir();
    const port = await freePort();
    const main = spawnMain({ DATA_DIR: dir, PORT: String(port), SEED_PRODUCTS: '10' });
    try {
      await main.waitFor(/ready at http:\/\/localhost:\d+ in \d+ ms/, 80_000);
      expect(main.output()).toContain(`http://localhost:${port}`);
      expect(main.output().match(/ready at/g)).toHaveLength(1);
      expect(existsSync(path.join(dir, '.lock'))).toBe(true);
      const response = await fetch(`http://127.0.0.1:${port}/api/web/v1/brands`);
      expect(response.status).toBe(200);
      // A connection idle longer than Node's default keep-alive (5 s, and a second of grace) is still ours to reuse (KEEP_ALIVE_TIMEOUT_MS).
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        expect(await keepAliveGet(agent, `http://127.0.0.1:${port}/api/web/v1/brands`)).toEqual({ status: 200, reused: false });
        await new Promise((resolve) => setTimeout(resolve, 7_000));
        expect(await keepAliveGet(agent, `http://127.0.0.1:${port}/api/web/v1/brands`)).toEqual({ status: 200, reused: true });
      } finally {
        agent.destroy();
      }
      main.child.kill('SIGTERM');
      expect(await main.exited).toBe(0);
      expect(existsSync(path.join(dir, '.lock'))).toBe(false);
    } finally {
      if (main.child.exitCode === null) main.child.kill('SIGKILL');
    }
  }, 90_000);

  it('fails with a clear message on a bad environment', async () => {
    const main = spawnMain({ DATA_DIR: tempDir(), PORT: 'abc' });
    expect(await main.exited).toBe(1);
    expect(main.output()).toContain('PORT="abc": PORT must be a whole number between 0 and 65535');
  });
});
