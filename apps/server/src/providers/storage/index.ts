import path from 'node:path';
import { localStorage } from './local';
import { s3Storage, type S3Settings } from './s3';
import type { FileStorage } from './storage-provider';

export type { FileStorage } from './storage-provider';
export { StoredFileMissing } from './storage-provider';

/** The bucket when S3_BUCKET is set (config.ts checks the rest), else DATA_DIR/uploads. */
export function createFileStorage(opts: { s3: S3Settings | null; dataDir: string }): FileStorage {
  return opts.s3 ? s3Storage(opts.s3) : localStorage(path.join(opts.dataDir, 'uploads'));
}
