// The VAPID key pair that signs Kept's pushes (RFC 8292): from the settings (VAPID_PUBLIC_KEY /
// VAPID_PRIVATE_KEY, required in production), or on the zero-config setup a pair made once with web-push
// and kept in DATA_DIR, like the auth secret. A browser's subscription is bound to the public key, so
// the pair must not change while subscriptions exist.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export type VapidKeys = { publicKey: string; privateKey: string };

const FILE = 'vapid-keys.json';

function readKeys(file: string): VapidKeys {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string')
    throw new Error(`${file} does not hold a VAPID key pair`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

export function resolveVapidKeys(configured: VapidKeys | undefined, dataDir: string): VapidKeys {
  if (configured) return configured;
  const file = path.join(dataDir, FILE);
  if (fs.existsSync(file)) return readKeys(file);
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    return readKeys(file); // another instance wrote it first
  }
}
