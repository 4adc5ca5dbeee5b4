// Shared answers compressed once for all their visitors instead of once per request. A cached answer
// is sent to every anonymous visitor for a few seconds; @fastify/compress would compress those same
// bytes again for each of them. The first request that accepts an encoding compresses the answer's JSON
// with it and keeps the result (decision 023; the anonymous project page too, decision 037); an answer
// asked for again is compressed once more at zlib's best, off the event loop, and answers identical to
// one made before share its bodies (decision 041).
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings kept beside a shared answer, in the server's order of preference. */
export const PRECOMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type PrecompressedEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number];
/** One encoding of a shared answer: quick at first, the smallest once the answer is asked for again. */
type Kept = {
  body: Buffer;
  /** The smallest encoding, under way in zlib's thread pool or done (undefined: not started). */
  smallest?: Promise<void>;
};
/** A shared answer's compressed bodies, filled in as visitors ask for them. */
export type Precompressed = Partial<Record<PrecompressedEncoding, Kept>>;

/** Answers smaller than this go out as they are (@fastify/compress's own threshold). */
const THRESHOLD_BYTES = 1024;
/** Compressed bodies of answers recently made, by their bytes' digest (see compressedFor). */
const MAX_KEPT_ANSWERS = 1_000;

const brotliAt = (json: Buffer, quality: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
  },
});

/** For the first visitor: @fastify/compress's brotli quality (4) or gzip's default, a fraction of a ms. */
function compressQuickly(json: Buffer, encoding: PrecompressedEncoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(json);
  return zlib.brotliCompressSync(json, brotliAt(json, 4));
}

/** The smallest body zlib makes (brotli 11, gzip 9): several ms, off the event loop. */
function compressSmallest(json: Buffer, encoding: PrecompressedEncoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, body: Buffer) => (err ? reject(err) : resolve(body));
    if (encoding === 'gzip') zlib.gzip(json, { level: zlib.constants.Z_BEST_COMPRESSION }, done);
    else zlib.brotliCompress(json, brotliAt(json, zlib.constants.BROTLI_MAX_QUALITY), done);
  });
}

const keptBodies = new LRUCache<string, Precompressed>({ max: MAX_KEPT_ANSWERS });

/**
 * The compressed bodies kept for these exact bytes. A shared answer is made again whenever its cache
 * entry expires (every few seconds), and is most often byte for byte what it was: its bodies are then
 * the ones already made, not compressed again.
 */
export function compressedFor(json: Buffer): Precompressed {
  const digest = crypto.createHash('sha256').update(json).digest('base64');
  let bodies = keptBodies.get(digest);
  if (!bodies) {
    bodies = {};
    keptBodies.set(digest, bodies);
  }
  return bodies;
}

/**
 * The body to send for `json` given the request's Accept-Encoding: one of the kept encodings, compressed
 * now if this answer has not been asked for it yet; null when the answer is small, the request asks for no
 * compression (`x-no-compression`, as @fastify/compress honours it), or accepts none of them (the
 * plugin then does what it would do anyway). The first visitor's body is made quickly; when a second
 * visitor asks for the same answer, the smallest body is made in zlib's thread pool and sent from then on
 * (an answer asked for once never pays for it).
 */
export function precompressedBody(
  json: Buffer,
  bodies: Precompressed,
  headers: { 'accept-encoding'?: string | undefined; 'x-no-compression'?: unknown },
): { encoding: PrecompressedEncoding; body: Buffer } | null {
  const accepted = headers['accept-encoding'];
  if (json.length < THRESHOLD_BYTES || !accepted || headers['x-no-compression'] !== undefined) return null;
  const encoding = negotiate(accepted.toLowerCase(), [
    ...PRECOMPRESSED_ENCODINGS,
  ]) as PrecompressedEncoding | null;
  if (!encoding) return null;
  const kept = bodies[encoding];
  if (!kept) {
    const body = compressQuickly(json, encoding);
    bodies[encoding] = { body };
    return { encoding, body };
  }
  // A failed attempt leaves the quick body in place: it is a correct answer, only larger.
  kept.smallest ??= compressSmallest(json, encoding).then(
    (smallest) => {
      if (smallest.length < kept.body.length) kept.body = smallest;
    },
    () => undefined,
  );
  return { encoding, body: kept.body };
}

/**
 * Sends ready-made JSON bytes: compressed from the entry's kept bodies when `precompress` (the app
 * compresses at all) and the visitor accepts one of the kept encodings, else as they are
 * (@fastify/compress then does what it does for any body, and leaves one with a Content-Encoding alone).
 */
export function sendJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { json: Buffer; compressed?: Precompressed | undefined },
  precompress: boolean,
) {
  reply.type('application/json; charset=utf-8');
  const compressed =
    precompress && answer.compressed
      ? precompressedBody(answer.json, answer.compressed, request.headers)
      : null;
  if (!compressed) return reply.send(answer.json);
  const vary = reply.getHeader('vary');
  return reply
    .header('content-encoding', compressed.encoding)
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .send(compressed.body);
}

/** A request with `Cache-Control: no-cache` skips shared answers (HTTP's own meaning of it). */
export function wantsFresh(request: FastifyRequest): boolean {
  const header = request.headers['cache-control'];
  return typeof header === 'string' && /\bno-cache\b/i.test(header);
}
