import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { proposeMapping, type ImportPreview } from '@wholesail/domain';
import type { RequestContext } from '../../http/context';
import type { FileStorage } from '../../providers/storage';
import { recorded } from '../integrations/status';
import { insertImport } from './repo';
import { UploadScan } from './upload-scan';

/** Where an import's file waits for its job; the job deletes it when the import finishes or fails for good. */
export const importFileKey = (organizationId: string, importId: string) => `lead-imports/${organizationId}/${importId}.csv`;

const cleanFilename = (name: string | undefined) => (name ?? '').replace(/[\\/]/g, '_').trim().slice(0, 255) || 'import.csv';

/**
 * Streams an upload to storage, chunk by chunk, while UploadScan counts its rows and keeps its first 64 KB;
 * then proposes the mapping from that head and records the import. The file is parsed in full only by the
 * import's job. A refused upload leaves nothing stored.
 */
export async function createImport(
  deps: { db: Kysely<DB>; storage: FileStorage; log: FastifyBaseLogger },
  ctx: RequestContext,
  upload: { filename?: string; stream: Readable },
): Promise<ImportPreview> {
  const id = crypto.randomUUID();
  const key = importFileKey(ctx.organizationId, id);
  const scan = new UploadScan();
  const toStorage = new PassThrough();
  const stored = deps.storage.put(key, toStorage);
  stored.catch(() => {}); // awaited below; the upload's own error (a 413, a binary file) is the one to answer
  try {
    await pipeline(upload.stream, scan, toStorage);
    // The upload arrived whole: whether the storage kept it is the organization's storage status.
    await recorded(deps.db, ctx.organizationId, 'storage', stored, deps.log);
    const { headers, totalRows, sampleRows } = await scan.summary();
    const { mapping, unknown } = proposeMapping(headers);
    const row = await ctx.write((tx) =>
      insertImport(tx, { id, organizationId: ctx.organizationId, filename: cleanFilename(upload.filename), totalRows, headers, mapping, createdBy: ctx.user.id }),
    );
    return {
      id: row.id,
      status: 'awaiting_mapping',
      filename: row.filename,
      total_rows: totalRows,
      headers,
      proposed_mapping: mapping,
      unknown_columns: unknown,
      sample_rows: sampleRows,
    };
  } catch (error) {
    toStorage.destroy();
    await stored.catch(() => {});
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}
