import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { StorageKeyTakenError, assertSafeKey, type Storage } from './storage.ts';

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
  };
}
