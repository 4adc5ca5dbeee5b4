// Picks where uploads are kept from the settings: S3 (or a compatible store) when its bucket is set,
// else DATA_DIR. The AWS SDK is loaded only for S3, as Stripe's is only for Stripe (decision 049).
import type { Config } from '../../config.ts';
import { createLocalStorage } from './local-storage.ts';
import type { Storage } from './storage.ts';

export async function createStorage(config: Config['storage']): Promise<Storage> {
  if (config.kind !== 's3') return createLocalStorage(config.uploadsDir);
  const { createS3Storage } = await import('./s3-storage.ts');
  return createS3Storage(config);
}
