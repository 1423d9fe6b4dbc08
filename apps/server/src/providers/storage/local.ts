import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, StoredFileMissing, type FileStorage } from './storage-provider';

/**
 * Files under a directory (DATA_DIR/uploads). A file is written beside its final name and renamed into place
 * once complete, so a reader never sees half of one and a failed upload leaves nothing.
 */
export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => path.join(root, checkKey(key));
  return {
    kind: 'local',
    location: `directory ${path.resolve(root)}`,
    async put(key, body) {
      const file = resolve(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${crypto.randomBytes(6).toString('hex')}.partial`;
      try {
        await pipeline(body, fs.createWriteStream(partial));
        await fs.promises.rename(partial, file);
      } catch (error) {
        await fs.promises.rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = resolve(key);
      const handle = await fs.promises.open(file, 'r').catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'ENOENT' ? new StoredFileMissing(key) : error;
      });
      return handle.createReadStream() as Readable;
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
  };
}
