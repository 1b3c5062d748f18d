import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../src/build/precompress-plugin.ts';
import { chooseEncoding, COMPRESSION_THRESHOLD, concurrencyLimit, encodeWholeBody } from '../../src/server/http/compression.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
let dist: string;
/** Released by the test that reads the streamed page, to let the route send its second part. */
let releaseSecondPart: () => void = () => undefined;

/** Text that compresses, of about `kb` KB, different for each seed. */
const text = (seed: string, kb: number) => Array.from({ length: kb * 20 }, (_, i) => `${seed} line ${i} of the test file;`).join('\n');
const SCRIPT = `console.log(${JSON.stringify(text('app', 8))});`;
const UNCOMPRESSED_SCRIPT = `console.log(${JSON.stringify(text('late', 4))});`;
const INDEX = `<!doctype html><html><head><title>Beauty Pass</title></head><body><div id="root"></div><!-- ${text('page', 3)} --></body></html>`;
const STREAMED = [text('first part', 2), text('second part', 2)];

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bp-compression-'));
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export const a = 1;');
  writeFileSync(path.join(dist, 'assets', 'photo-abc123.png'), Buffer.alloc(4096, 7));
  await precompressDir(dist);
  // Written after the build step: no .br/.gz beside it, so it can only be compressed per request.
  writeFileSync(path.join(dist, 'assets', 'late-abc123.js'), UNCOMPRESSED_SCRIPT);
  t = await createTestApp({
    seedProducts: 40,
    staticDir: dist,
    // Sandbox off: its meta tag would be written into the page, which this test compares with the file.
    sandbox: false,
    // Under /api, which the SPA's handlers leave alone: the test route is added after them.
    routes: (app) =>
      app.get('/api/test-big', (c) => c.json({ text: text('big', 256) })).get('/api/test-streamed', (c) => {
        const encoder = new TextEncoder();
        const second = new Promise<void>((resolve) => (releaseSecondPart = resolve));
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(STREAMED[0]));
            await second;
            controller.enqueue(encoder.encode(STREAMED[1]));
            controller.close();
          },
        });
        return c.body(body, 200, { 'Content-Type': 'text/html; charset=utf-8' });
      }),
  });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

type Sent = { encoding: string | null; vary: string | null; length: string | null; wire: Buffer; decoded: Buffer };

async function fetchAs(url: string, acceptEncoding: string | null, headers: Record<string, string> = {}): Promise<Sent> {
  const response = await t.app.request(url, { headers: acceptEncoding === null ? headers : { ...headers, 'Accept-Encoding': acceptEncoding } });
  expect(response.status, url).toBe(200);
  const wire = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get('content-encoding');
  const decoded = encoding === 'br' ? brotliDecompressSync(wire) : encoding === 'gzip' ? gunzipSync(wire) : wire;
  return { encoding, vary: response.headers.get('vary'), length: response.headers.get('content-length'), wire, decoded };
}

/** The window a brotli stream declares in its first bits (RFC 7932 §9.1, WBITS), in bits: the decoder's ring buffer is 2^bits. */
function brotliWindowBits(stream: Uint8Array): number {
  const first = stream[0] ?? 0;
  if ((first & 1) === 0) return 16;
  const n = (first >> 1) & 7;
  if (n !== 0) return 17 + n;
  const m = (first >> 4) & 7;
  return m === 0 ? 17 : 8 + m;
}

/** The same URL with `br`, with `gzip` and with no Accept-Encoding: each encoded as asked, all the same bytes once decoded. */
async function expectSameInEveryEncoding(url: string, headers: Record<string, string> = {}): Promise<Sent[]> {
  const sent = [await fetchAs(url, 'br', headers), await fetchAs(url, 'gzip', headers), await fetchAs(url, null, headers)];
  expect(sent.map((s) => s.encoding)).toEqual(['br', 'gzip', null]);
  for (const s of sent) expect(s.vary, url).toMatch(/(?:^|, )Accept-Encoding$/);
  expect(sent[0]?.wire.length).toBeLessThan(sent[2]?.wire.length ?? 0);
  expect(sent[0]?.decoded.equals(sent[2]?.decoded ?? Buffer.alloc(0))).toBe(true);
  expect(sent[1]?.decoded.equals(sent[2]?.decoded ?? Buffer.alloc(0))).toBe(true);
  return sent;
}

describe('compression on the wire', () => {
  it('a hashed asset: the same bytes as br, gzip and identity, the compressed ones read from the files the build wrote', async () => {
    const [br, gzip, identity] = await expectSameInEveryEncoding('/assets/index-abc123.js');
    expect(identity?.decoded.toString()).toBe(SCRIPT);
    const file = path.join(dist, 'assets', 'index-abc123.js');
    // Sent as the files are, with their length: not compressed again per request.
    expect(br?.wire.equals(readFileSync(`${file}.br`))).toBe(true);
    expect(br?.length).toBe(String(statSync(`${file}.br`).size));
    expect(gzip?.wire.equals(readFileSync(`${file}.gz`))).toBe(true);
  });

  it('a text file the build did not compress is compressed on the way out', async () => {
    const [br] = await expectSameInEveryEncoding('/assets/late-abc123.js');
    expect(br?.decoded.toString()).toBe(UNCOMPRESSED_SCRIPT);
    // Streamed through the compressor, so its length is not known up front.
    expect(br?.length).toBeNull();
  });

  it('the page HTML, on / and on a client route: the same bytes in every encoding', async () => {
    for (const url of ['/', '/products/some-lipstick']) {
      const [, , identity] = await expectSameInEveryEncoding(url);
      expect(identity?.decoded.toString()).toBe(INDEX);
    }
  });

  it('an API JSON answer: the same bytes in every encoding, and Vary keeps what the route varies on', async () => {
    const [br] = await expectSameInEveryEncoding('/api/web/v1/products?page_size=24', { 'X-Site-Country': 'sg', 'Accept-Language': 'en-SG' });
    expect(br?.vary).toBe('Accept-Language, X-Site-Country, Accept-Encoding');
    expect((JSON.parse(br?.decoded.toString() ?? '') as { data: unknown[] }).data.length).toBeGreaterThan(0);
  });

  it('brotli per answer declares a window of 256 KB, not the default 4 MB: the window sizes each encoder’s memory', async () => {
    for (const url of ['/', '/api/test-big']) {
      const br = await fetchAs(url, 'br');
      expect(br.encoding).toBe('br');
      expect(brotliWindowBits(br.wire), url).toBe(18);
    }
    // A body larger than the window still goes out whole.
    expect(JSON.parse((await fetchAs('/api/test-big', 'br')).decoded.toString())).toEqual({ text: text('big', 256) });
  });

  it('follows the client’s weights: gzip when it prefers it, nothing when it refuses both', async () => {
    expect((await fetchAs('/api/web/v1/products?page_size=24', 'br;q=0.5, gzip;q=0.9')).encoding).toBe('gzip');
    expect((await fetchAs('/', 'br;q=0, gzip;q=0')).encoding).toBeNull();
    expect((await fetchAs('/', 'identity')).encoding).toBeNull();
    // A header that makes no sense is not an error: the body goes out as it is.
    expect((await fetchAs('/', ';;=,,q=x;')).encoding).toBeNull();
  });

  it('leaves small bodies and images as they are (but says it varies)', async () => {
    const tiny = await fetchAs('/assets/tiny-abc123.js', 'br, gzip');
    expect(tiny.encoding).toBeNull();
    expect(tiny.vary).toContain('Accept-Encoding');
    const notFound = await t.app.request('/api/web/v1/no-such-thing', { headers: { 'Accept-Encoding': 'br' } });
    expect(notFound.headers.get('content-encoding')).toBeNull();
    expect((await notFound.text()).length).toBeLessThan(COMPRESSION_THRESHOLD);
    const image = await fetchAs('/assets/photo-abc123.png', 'br, gzip');
    expect(image.encoding).toBeNull();
    expect(image.wire.length).toBe(4096);
  });

  it('a page sent in parts reaches the client part by part, compressed', async () => {
    const response = await t.app.request('/api/test-streamed', { headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBe('br');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = createBrotliDecompress();
    let decoded = '';
    decoder.on('data', (chunk: Buffer) => (decoded += chunk.toString()));
    const decodeUntil = async (expected: string) => {
      while (decoded !== expected) {
        const read = await reader.read();
        if (read.done) break;
        await new Promise<void>((resolve) => decoder.write(read.value, () => resolve()));
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    // The second part is held back until the first has been read and decoded in full.
    await decodeUntil(STREAMED[0] ?? '');
    expect(decoded).toBe(STREAMED[0]);
    releaseSecondPart();
    await decodeUntil(`${STREAMED[0]}${STREAMED[1]}`);
    expect(decoded).toBe(`${STREAMED[0]}${STREAMED[1]}`);
  });
});

describe('chooseEncoding', () => {
  it('a client that goes away mid-answer is let go: nothing is written after, the server goes on', async () => {
    for (let i = 0; i < 20; i++) {
      const response = await t.app.request('/api/test-big', { headers: { 'Accept-Encoding': i % 2 ? 'gzip' : 'br' } });
      const reader = response.body?.getReader();
      await reader?.read();
      await reader?.cancel();
    }
    // zlib's last flush lands after the cancel: an enqueue then would throw outside any request (an
    // uncaught error, which stops the process and fails this run).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await t.app.request('/api/test-big', { headers: { 'Accept-Encoding': 'br' } })).status).toBe(200);
  });

  it('prefers brotli on a tie, follows q otherwise, and honours a wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=1.0, br;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding('deflate')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('whole bodies', () => {
  it('concurrencyLimit: never more tasks at once than the limit, the others in the order they came, a failed one frees its slot', async () => {
    const limit = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = async (n: number) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 1) throw new Error('task 1 failed');
      return n;
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => limit(() => task(n))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([0, 'failed', 2, 3, 4, 5, 6, 7]);
    // Every slot was given back: two more run side by side at once.
    most = 0;
    await Promise.all([limit(() => task(10)), limit(() => task(11))]);
    expect(most).toBe(2);
  });

  it('encodeWholeBody: brotli (256 KB window) or gzip as the client asks, the body as it is under the threshold or for neither', async () => {
    const body = new TextEncoder().encode(text('whole', 8));
    const br = await encodeWholeBody('gzip, br', body);
    expect(br.encoding).toBe('br');
    expect(brotliWindowBits(br.body)).toBe(18);
    expect(brotliDecompressSync(br.body).equals(body)).toBe(true);
    const gzip = await encodeWholeBody('gzip', body);
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(body)).toBe(true);
    expect(await encodeWholeBody(undefined, body)).toEqual({ body, encoding: null });
    const small = body.slice(0, COMPRESSION_THRESHOLD - 1);
    expect(await encodeWholeBody('br', small)).toEqual({ body: small, encoding: null });
  });
});

describe('precompressDir', () => {
  it('writes .br and .gz beside text files that shrink, and none for maps, images or what would grow', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-precompress-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      mkdirSync(path.join(dir, '.vite'));
      writeFileSync(path.join(dir, 'assets', 'a.js'), SCRIPT);
      writeFileSync(path.join(dir, 'assets', 'a.css'), text('css', 2));
      writeFileSync(path.join(dir, 'assets', 'a.js.map'), text('map', 2));
      writeFileSync(path.join(dir, 'assets', 'b.png'), Buffer.alloc(2048, 1));
      writeFileSync(path.join(dir, 'latest-build.json'), '{"id":"x"}');
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), text('manifest', 2));
      const written = (await precompressDir(dir)).map((file) => path.relative(dir, file)).sort();
      expect(written).toEqual(['assets/a.css.br', 'assets/a.css.gz', 'assets/a.js.br', 'assets/a.js.gz']);
      expect(brotliDecompressSync(readFileSync(path.join(dir, 'assets', 'a.js.br'))).toString()).toBe(SCRIPT);
      expect(gunzipSync(readFileSync(path.join(dir, 'assets', 'a.js.gz'))).toString()).toBe(SCRIPT);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
