// Photos in an S3 bucket: the storage the settings choose (createStorage) against a fake S3 on
// 127.0.0.1. Keys are never overwritten, only Kept's own addresses are read back, and a removed object
// reads as gone.
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/adapters/storage/index.ts';
import { StorageKeyTakenError, type Storage } from '../src/adapters/storage/storage.ts';
import { startFakeS3, type FakeS3 } from './support/fake-s3.ts';

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (stream === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('S3 storage', () => {
  let s3: FakeS3;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startFakeS3();
    storage = await createStorage({
      kind: 's3',
      bucket: 'kept-photos',
      region: 'eu-west-1',
      endpoint: s3.endpoint,
      accessKeyId: 'test-key',
      secretAccessKey: 'test-secret',
    });
  });
  afterAll(() => s3.close());

  it('stores a photo under its key, gives its address in the bucket, and reads it back', async () => {
    const photo = Buffer.from('a JPEG, byte for byte');
    const url = await storage.put('checkins/p1/a.jpg', photo, 'image/jpeg');
    expect(url).toBe(`${s3.endpoint}/kept-photos/checkins/p1/a.jpg`);
    const stored = s3.objects.get('kept-photos/checkins/p1/a.jpg');
    expect(stored?.body).toEqual(photo);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(await bytesOf(await storage.read(url))).toEqual(photo);
  });

  it('never overwrites a key', async () => {
    await storage.put('checkins/p2/a.jpg', Buffer.from('first'), 'image/jpeg');
    await expect(storage.put('checkins/p2/a.jpg', Buffer.from('second'), 'image/jpeg')).rejects.toThrow(
      StorageKeyTakenError,
    );
    expect(s3.objects.get('kept-photos/checkins/p2/a.jpg')?.body.toString()).toBe('first');
  });

  it('reads a removed object, or an address that is not its own, as nothing', async () => {
    const url = await storage.put('checkins/p3/a.jpg', Buffer.from('soon gone'), 'image/jpeg');
    await storage.remove('checkins/p3/a.jpg');
    expect(s3.objects.has('kept-photos/checkins/p3/a.jpg')).toBe(false);
    expect(await storage.read(url)).toBeNull();
    expect(await storage.read('https://elsewhere.example/kept-photos/checkins/p1/a.jpg')).toBeNull();
    expect(await storage.read(`${s3.endpoint}/kept-photos/../secrets`)).toBeNull();
  });
});
