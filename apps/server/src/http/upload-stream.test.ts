import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openUpload, type UploadKind } from './csv-upload';

const KIND: UploadKind = { maxBytes: 1024, types: ['image/png'], noun: 'image', accepts: 'image/png', wrongTypeCode: 'NOT_AN_IMAGE', untyped: false };

/** A raw-body request whose whole body arrives in one chunk, as app.inject delivers it. */
const request = (bytes: number) =>
  ({ headers: { 'content-type': 'image/png' }, isMultipart: () => false, body: Readable.from([Buffer.alloc(bytes, 1)]) }) as unknown as FastifyRequest;

describe('an opened upload', () => {
  it('trips its size limit before anyone reads it without an unhandled error, and a later reader still gets the 413', async () => {
    const unhandled: unknown[] = [];
    const listener = (error: unknown) => unhandled.push(error);
    process.on('uncaughtException', listener);
    try {
      const upload = await openUpload(request(4096), KIND);
      // The handler awaits something else first: the body flows into the limit meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const read = async () => {
        for await (const chunk of upload.stream) void chunk;
      };
      await expect(read()).rejects.toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
      expect(unhandled).toEqual([]);
    } finally {
      process.off('uncaughtException', listener);
    }
  });

  it('passes a body within the limit through whole', async () => {
    const upload = await openUpload(request(1000), KIND);
    const chunks: Buffer[] = [];
    for await (const chunk of upload.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).length).toBe(1000);
  });
});
