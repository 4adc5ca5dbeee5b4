// A push service at the network edge, for tests: an HTTPS server on 127.0.0.1 that takes what web-push
// sends, checks the VAPID signature (RFC 8292) against the app's public key, and decrypts the aes128gcm
// body (RFC 8291 + RFC 8188) with the browser keys a test subscribed with. It answers 201, or a status
// the test chose for a subscription (410: "gone").
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const TLS_DIR = path.join(import.meta.dirname, 'push-endpoint-tls');
const CERT = fs.readFileSync(path.join(TLS_DIR, 'cert.pem'));
const KEY = fs.readFileSync(path.join(TLS_DIR, 'key.pem'));

/** An agent trusting only the endpoint's certificate: hand it to the app under test (AppDeps.pushAgent). */
export const pushAgent = () => new https.Agent({ ca: CERT });

/** A browser's side of a subscription: its P-256 key pair and auth secret, made with node:crypto. */
export type BrowserKeys = { ecdh: crypto.ECDH; publicKey: Buffer; auth: Buffer };

export function browserKeys(): BrowserKeys {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  return { ecdh, publicKey, auth: crypto.randomBytes(16) };
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, decrypted with the browser's private key. */
export function decryptAes128gcm(body: Buffer, keys: BrowserKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (ciphertext.length > recordSize) throw new Error('a push body must be one record');
  const ecdhSecret = keys.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, serverPublicKey]);
  const ikm = hkdf(keys.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero or more 0x00 of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the push record has no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the endpoint's origin. */
export function checkVapid(header: string | undefined, audience: string, expectedPublicKey: string): void {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== expectedPublicKey) throw new Error('signed with another VAPID key');
  const [head, claims, signature] = jwt.split('.') as [string, string, string];
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', ...xy(Buffer.from(k, 'base64url')) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('the VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string };
  if (body.aud !== audience) throw new Error(`VAPID audience ${body.aud}, expected ${audience}`);
}

const xy = (point: Buffer) => ({
  x: point.subarray(1, 33).toString('base64url'),
  y: point.subarray(33, 65).toString('base64url'),
});

export type ReceivedPush = {
  name: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type PushEndpoint = {
  origin: string;
  /** A subscription request body for a browser named `name`, with fresh keys. */
  subscribe: (name: string) => {
    request: { endpoint: string; keys: { p256dh: string; auth: string } };
    keys: BrowserKeys;
  };
  /** What `name`'s endpoint received, decrypted and VAPID-checked against `publicKey`. */
  messagesOf: (name: string, publicKey: string) => unknown[];
  /** The status to answer for `name` from now on (201 by default). */
  answer: (name: string, status: number) => void;
  received: ReceivedPush[];
  close: () => Promise<void>;
};

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const keysOf = new Map<string, BrowserKeys>();
  const server = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const name = decodeURIComponent((req.url ?? '').replace(/^\/push\//, ''));
      const status = statuses.get(name) ?? 201;
      if (req.method === 'POST' && status === 201)
        received.push({ name, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscribe(name) {
      const keys = browserKeys();
      keysOf.set(name, keys);
      return {
        keys,
        request: {
          endpoint: `${origin}/push/${encodeURIComponent(name)}`,
          keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') },
        },
      };
    },
    messagesOf(name, publicKey) {
      const keys = keysOf.get(name);
      if (!keys) throw new Error(`no browser named ${name} subscribed`);
      return received
        .filter((r) => r.name === name)
        .map((r) => {
          if (r.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
          checkVapid(r.headers.authorization as string | undefined, origin, publicKey);
          return JSON.parse(decryptAes128gcm(r.body, keys)) as unknown;
        });
    },
    answer(name, status) {
      statuses.set(name, status);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
