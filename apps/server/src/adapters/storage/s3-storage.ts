import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { StorageKeyTakenError, assertSafeKey, keyUnder, type Storage } from './storage.ts';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
};

export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
  });
  const base = (
    settings.publicUrl ??
    (settings.endpoint
      ? `${settings.endpoint.replace(/\/+$/, '')}/${settings.bucket}`
      : `https://${settings.bucket}.s3.${settings.region}.amazonaws.com`)
  ).replace(/\/+$/, '');
  return {
    async put(key, body, contentType) {
      assertSafeKey(key);
      const put = client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
          IfNoneMatch: '*', // never overwrite
        }),
      );
      await put.catch((err: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
        if (err.name === 'PreconditionFailed' || err.$metadata?.httpStatusCode === 412)
          throw new StorageKeyTakenError(key);
        throw err;
      });
      return `${base}/${key}`;
    },
    async remove(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key }));
    },
    async read(url) {
      const key = keyUnder(`${base}/`, url);
      if (key === null) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage, a Readable.
        return object.Body instanceof Readable ? object.Body : null;
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
  };
}
