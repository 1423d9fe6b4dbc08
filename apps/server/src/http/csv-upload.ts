import { Readable, Transform, finished } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES } from '@wholesail/domain';
import { AppError, badRequest, errorBody } from './errors';

/** Content types a CSV upload arrives with (browsers send Excel's for .csv on Windows). */
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'];
const TOO_LARGE = `The file is larger than the ${IMPORT_MAX_BYTES / 1024 / 1024} MB upload limit`;
/** The connection closes after the answer, so the rest of a too-large body is not read. */
const tooLarge = () => new AppError(413, 'FILE_TOO_LARGE', TOO_LARGE, { connection: 'close' });

/**
 * Registers routes that take a CSV file (POST /api/leads/import, POST /api/dnc/import) in a scope of their
 * own: the file comes in the multipart form field 'file' or as the raw body, up to IMPORT_MAX_BYTES (413
 * FILE_TOO_LARGE beyond). Nothing reads the body before the handler: it opens the file with `openCsvUpload`
 * (a stream) or `readCsvUpload` (the bytes), after it has checked who is calling.
 */
export async function registerCsvUploadRoutes(app: FastifyInstance, routes: (scope: FastifyInstance) => Promise<void> | void): Promise<void> {
  await app.register(async (scope) => {
    // One byte over the limit reaches openCsvUpload's counter, which answers as for a raw body.
    await scope.register(fastifyMultipart, { limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 10 } });
    // Any other body (text/plain included) is left unread as the request's stream.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.status(413).send(errorBody('FILE_TOO_LARGE', TOO_LARGE));
      }
      throw err; // the app's handler answers everything else
    });
    await routes(scope);
  });
}

/** The form parser's own errors (no boundary, a form cut short) are the client's: 400, not 500. Limits keep their status. */
function malformedForm(error: unknown): unknown {
  if (error instanceof Error && !(error instanceof AppError) && (error as { statusCode?: number }).statusCode === undefined) {
    return badRequest(`The upload is not a readable multipart form (${error.message}); send the CSV in the form field 'file'`, 'BAD_MULTIPART');
  }
  return error;
}

/** Passes bytes through and fails with 413 FILE_TOO_LARGE once more than IMPORT_MAX_BYTES went by. */
function byteLimit(): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > IMPORT_MAX_BYTES ? tooLarge() : null, chunk);
    },
  });
}

/**
 * `source` through the size limit; an error of the source (a client gone, a broken form) reaches the reader,
 * even one raised before this was called: a form cut short fails its file part while the request is still
 * being handed over, and a late 'error' listener would wait for an end that never comes.
 */
function limited(source: Readable, mapError: (error: unknown) => unknown = (e) => e): Readable {
  const out = byteLimit();
  finished(source, { writable: false }, (error) => {
    if (error) out.destroy(mapError(error) as Error);
  });
  // The rest of a refused body is discarded, not left to stall the request the answer goes out on.
  out.once('close', () => {
    source.unpipe(out);
    source.resume();
  });
  return source.pipe(out);
}

export interface CsvUpload {
  /** The file's bytes as they arrive, limited to IMPORT_MAX_BYTES. */
  stream: Readable;
  filename?: string;
}

/**
 * The uploaded file as a stream (and its name, from a form), or a 400 naming what is wrong with the upload.
 * A declared length over the limit is refused before anything is read.
 */
export async function openCsvUpload(request: FastifyRequest): Promise<CsvUpload> {
  if (Number(request.headers['content-length'] ?? 0) > IMPORT_MAX_BYTES + 64 * 1024) throw tooLarge();
  if (request.isMultipart()) {
    const file = await request.file().catch((error) => {
      throw malformedForm(error);
    });
    if (!file) throw badRequest("No file: send the CSV in the form field 'file'", 'NO_FILE');
    if (file.fieldname !== 'file') throw badRequest(`Send the CSV in the form field 'file', not '${file.fieldname}'`, 'NO_FILE');
    return { stream: limited(file.file, malformedForm), filename: file.filename };
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type && !CSV_TYPES.includes(type)) {
    throw badRequest(`The upload is not a CSV file (Content-Type ${type}); send it as text/csv or in the multipart form field 'file'`, 'NOT_CSV');
  }
  const body = request.body;
  if (!(body instanceof Readable)) throw badRequest('The file is empty', 'EMPTY_FILE');
  return { stream: limited(body) };
}

/** The whole uploaded file's bytes, for small files read in the request (the Do-Not-Contact import). */
export async function readCsvUpload(request: FastifyRequest): Promise<{ bytes: Uint8Array; filename?: string }> {
  const { stream, filename } = await openCsvUpload(request);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), filename };
}
