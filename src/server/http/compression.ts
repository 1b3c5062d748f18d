import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { parseAccept } from 'hono/utils/accept';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** Bodies smaller than this go out as they are: the encoding's framing and the CPU cost outweigh the bytes saved. */
export const COMPRESSION_THRESHOLD = 1024;

/** Encodings we produce, in order of preference when the client weighs them the same. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Per-request levels: brotli 5 compresses about as well as gzip 9 at a fraction of brotli 11's
 * time (hashed assets get 11 once, at build: src/build/precompress-plugin.ts).
 */
const DYNAMIC_BROTLI_QUALITY = 5;
const DYNAMIC_GZIP_LEVEL = 6;
/**
 * Brotli's window: 2^18 = 256 KB, more than any page or API answer we send (pages are 50–120 KB
 * of HTML), so the bytes are the same as with brotli's default 4 MB window. The window sizes each
 * encoder's memory, held by native code (outside the JS heap) from an answer's first write to its
 * end: 50 pages of 115 KB compressed at once took 8–9 MB each at the default, about 430 MB that
 * the process then kept, and 2.8 MB each at 18 bits, given back after.
 */
const DYNAMIC_BROTLI_WINDOW_BITS = 18;

/** The options of every brotli encoder the server runs per answer (the page cache's too). */
const DYNAMIC_BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_LGWIN]: DYNAMIC_BROTLI_WINDOW_BITS },
} as const;

const brotliCompressAsync = promisify(brotliCompress);
const brotliDecompressAsync = promisify(brotliDecompress);
const gzipAsync = promisify(gzip);

/** Runs at most `limit` of the tasks given to it at once; the others wait, in the order they came. */
export function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot goes straight to the next task waiting, if any.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Whole bodies encoded at once, at most: node:zlib runs them on libuv's four threads, so a fifth
 * would only wait there while holding its encoder's memory. Member pages asked by 50 connections
 * left glibc's per-thread arenas at 226–239 MB when streamed through the middleware, and at
 * 113–123 MB encoded whole, four at a time (memory that glibc keeps once it has it).
 */
const WHOLE_BODY_ENCODERS = 4;
const wholeBodyEncoders = concurrencyLimit(WHOLE_BODY_ENCODERS);

/** A whole body as brotli, with the settings of every answer (a page kept to be sent again uses it through `encodeWholeBody`). */
function brotliBody(body: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  // Copied into memory of its own: a small result of zlib can be a slice of Node's shared 8 KB pool.
  return wholeBodyEncoders(async () => new Uint8Array(await brotliCompressAsync(body, DYNAMIC_BROTLI_OPTIONS)));
}

/**
 * A body known whole (a rendered page), encoded in one go as the client asks: the encoder lives
 * only while it works, where the middleware's stream keeps it until the client has read the
 * answer. Under the threshold, or for a client that takes neither encoding, the body as it is.
 */
export async function encodeWholeBody(acceptEncoding: string | undefined, body: Uint8Array<ArrayBuffer>): Promise<{ body: Uint8Array<ArrayBuffer>; encoding: Encoding | null }> {
  const encoding = chooseEncoding(acceptEncoding);
  if (!encoding || body.byteLength < COMPRESSION_THRESHOLD) return { body, encoding: null };
  if (encoding === 'br') return { body: await brotliBody(body), encoding };
  return { body: await wholeBodyEncoders(async () => new Uint8Array(await gzipAsync(body, { level: DYNAMIC_GZIP_LEVEL }))), encoding };
}

/** A brotli body decoded, for a client that does not take brotli. */
export async function unbrotliBody(body: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await brotliDecompressAsync(body));
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARY_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** The encoding the client prefers among ours (`q` decides, brotli wins a tie), or null for the body as is. */
export function chooseEncoding(acceptEncoding: string | undefined | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepts = parseAccept(acceptEncoding);
  const wildcard = accepts.find((accept) => accept.type === '*')?.q;
  let best: { encoding: Encoding; q: number } | null = null;
  for (const encoding of ENCODINGS) {
    const explicit = accepts.find((accept) => accept.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding ?? null;
}

/** Adds `Accept-Encoding` to `Vary` once, keeping what the route put there (`Accept-Language, X-Site-Country`). */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (vary === '*' || (vary && VARY_ACCEPT_ENCODING.test(vary))) return;
  headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * A stream through node:zlib, flushed after every chunk it is given: a page streamed in parts
 * reaches the browser part by part instead of waiting for zlib's buffer to fill.
 */
function compressor(encoding: Encoding): TransformStream<Uint8Array, Uint8Array> {
  const zlib = encoding === 'br' ? createBrotliCompress(DYNAMIC_BROTLI_OPTIONS) : createGzip({ level: DYNAMIC_GZIP_LEVEL });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  // Closed once the client has gone (the response stream is cancelled) or zlib failed: what zlib
  // still emits then has nowhere to go, and an enqueue would throw outside any request.
  let open = true;
  const close = () => {
    open = false;
    zlib.destroy();
  };
  return new TransformStream({
    start(controller) {
      zlib.on('data', (chunk: Buffer) => {
        if (!open) return;
        try {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch {
          close();
        }
      });
      zlib.on('error', (error) => {
        if (!open) return;
        close();
        controller.error(error);
      });
    },
    transform: (chunk) =>
      new Promise<void>((resolve) => {
        if (!open) return resolve();
        zlib.write(chunk);
        zlib.flush(flushKind, () => resolve());
      }),
    flush: () =>
      new Promise<void>((resolve, reject) => {
        zlib.once('end', resolve);
        zlib.once('error', reject);
        zlib.end();
      }),
  });
}

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return Buffer.concat(parts);
}

/**
 * Brotli or gzip for every text response the app makes (HTML, API JSON, a static file without a
 * precompressed copy), chosen by `Accept-Encoding`, with `Vary: Accept-Encoding`. Hono's own
 * `compress` has no brotli (CompressionStream has none on Node 20) and compresses a JSON body of
 * any size (it knows no length): see docs/decisions/010-on-the-wire.md. Skipped: types that are
 * compressed already (images other than SVG, fonts), bodies under 1 KB, encoded, partial and
 * `no-transform` responses, HEAD.
 */
export function compression({ threshold = COMPRESSION_THRESHOLD }: { threshold?: number } = {}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    const type = res.headers.get('Content-Type');
    if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
    // Whether or not this one is compressed, the representation depends on Accept-Encoding.
    varyOnAcceptEncoding(res.headers);
    // The encoding first: reading `res.body` turns @hono/node-server's lightweight response (a string
    // it writes to the socket as is) into a web Response with a stream, which costs every answer to
    // a client that takes no encoding some 10-20 µs for nothing.
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    if (c.req.method === 'HEAD' || res.status === 206 || res.headers.has('Content-Encoding') || res.headers.has('Content-Range')) return;
    if (NO_TRANSFORM.test(res.headers.get('Cache-Control') ?? '')) return;
    const declared = res.headers.get('Content-Length');
    if (declared !== null && Number(declared) < threshold) return;
    if (!res.body) return;

    // The length is rarely declared (a JSON body is a stream): read up to the threshold to find out.
    const reader = res.body.getReader();
    const head: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    while (size < threshold) {
      const read = await reader.read();
      if (read.done) {
        ended = true;
        break;
      }
      head.push(read.value);
      size += read.value.byteLength;
    }
    if (ended && size < threshold) {
      c.res = new Response(concat(head), res);
      return;
    }
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(concat(head)),
      pull: async (controller) => {
        const read = await reader.read();
        if (read.done) controller.close();
        else controller.enqueue(read.value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    c.res = new Response(body.pipeThrough(compressor(encoding)), res);
    // After the assignment: Hono's `res` setter copies the old response's headers onto the new one.
    c.res.headers.delete('Content-Length');
    c.res.headers.set('Content-Encoding', encoding);
    const etag = c.res.headers.get('ETag');
    if (etag && !etag.startsWith('W/')) c.res.headers.set('ETag', `W/${etag}`);
  };
}
