import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { checkKey, StoredFileMissing, type FileStorage } from './storage-provider';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …). Uploads go up in 5 MB parts through lib-storage's Upload, so a
 * file is never held whole; without keys the SDK's own credential chain (instance role, AWS_PROFILE) is used.
 */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    location: `bucket ${Bucket}${settings.endpoint ? ` at ${new URL(settings.endpoint).host}` : ` in ${settings.region}`}`,
    async put(key, body) {
      const upload = new Upload({ client, params: { Bucket, Key: checkKey(key), Body: body }, queueSize: 2, partSize: 5 * 1024 * 1024 });
      // A failed body stream aborts the multipart upload, so no partial object is left.
      body.once('error', () => void upload.abort().catch(() => {}));
      await upload.done();
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof NoSuchKey) throw new StoredFileMissing(key);
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
