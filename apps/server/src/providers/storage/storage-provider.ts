import type { Readable } from 'node:stream';

/** Where uploaded files wait for the job that reads them: a local directory or an S3-compatible bucket. */
export interface FileStorage {
  /** 'local' or 's3', as the health answer reports it. */
  readonly kind: 'local' | 's3';
  /** Where the files go, in words, for the health answer and the start-up banner (no secrets). */
  readonly location: string;
  /** Stores the stream under `key` chunk by chunk, never whole; a stream that fails leaves nothing stored. */
  put(key: string, body: Readable): Promise<void>;
  /** The stored file as a stream; StoredFileMissing when there is none. */
  get(key: string): Promise<Readable>;
  /** Removes the file; a file already gone is not an error. */
  delete(key: string): Promise<void>;
}

export class StoredFileMissing extends Error {
  constructor(key: string) {
    super(`The stored file ${key} does not exist`);
  }
}

/** Keys are paths of plain segments ('lead-imports/<org>/<id>.csv'): no '..', no absolute paths. */
export function checkKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/.test(key) || key.split('/').includes('..')) {
    throw new Error(`Not a storage key: ${key}`);
  }
  return key;
}
