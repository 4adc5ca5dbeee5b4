// Shared browse answers compressed once per cache entry instead of once per request. A cached answer
// is sent to every anonymous visitor for a few seconds; @fastify/compress would compress those same
// bytes again for each of them. The first request that accepts an encoding compresses the entry's JSON
// with it and keeps the result in the entry (docs/decisions/023-capped-search-count.md; the anonymous
// project page too, decision 037).
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings kept beside a shared answer, in the server's order of preference. */
export const PRECOMPRESSED_ENCODINGS = ['br', 'gzip'] as const;
export type PrecompressedEncoding = (typeof PRECOMPRESSED_ENCODINGS)[number];
/** A shared answer's compressed bodies, filled in as visitors ask for them. */
export type Precompressed = Partial<Record<PrecompressedEncoding, Buffer>>;

/** Answers smaller than this go out as they are (@fastify/compress's own threshold). */
const THRESHOLD_BYTES = 1024;

function compress(json: Buffer, encoding: PrecompressedEncoding): Buffer {
  if (encoding === 'gzip') return zlib.gzipSync(json);
  // @fastify/compress's brotli quality (4): quick to make, about gzip's speed with smaller output.
  return zlib.brotliCompressSync(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
}

/**
 * The body to send for `json` given the request's Accept-Encoding: one of the kept encodings, compressed
 * now if this entry has not been asked for it yet; null when the answer is small, the request asks for no
 * compression (`x-no-compression`, as @fastify/compress honours it), or accepts none of them (the
 * plugin then does what it would do anyway).
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
  const body = (bodies[encoding] ??= compress(json, encoding));
  return { encoding, body };
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
