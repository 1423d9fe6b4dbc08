import { Readable, Transform, finished } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { IMPORT_MAX_BYTES } from '@wholesail/domain';
import { AppError, badRequest, errorBody } from './errors';

/** What an upload route takes: the largest file, the raw body's content types, and the file's name in messages. */
export interface UploadKind {
  maxBytes: number;
  /** Content types a raw body may declare; a form's file part is checked by the route (it knows its types). */
  types: readonly string[];
  /** 'CSV file', 'image': how the messages name the file ('not a CSV file', 'send the CSV file'). */
  noun: string;
  /** The types in words, for the message refusing another ('text/csv'). */
  accepts: string;
  /** The code of a 400 for a raw body of another type. */
  wrongTypeCode: string;
  /** Whether a raw body without a Content-Type is taken (a CSV may come as bare text). */
  untyped: boolean;
}

/** Content types a CSV upload arrives with (browsers send Excel's for .csv on Windows). */
const CSV_UPLOAD: UploadKind = {
  maxBytes: IMPORT_MAX_BYTES,
  types: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel', 'application/octet-stream'],
  noun: 'CSV file',
  accepts: 'text/csv',
  wrongTypeCode: 'NOT_CSV',
  untyped: true,
};
const tooLargeMessage = (kind: UploadKind) => `The file is larger than the ${kind.maxBytes / 1024 / 1024} MB upload limit`;
/** The connection closes after the answer, so the rest of a too-large body is not read. */
const tooLarge = (kind: UploadKind) => new AppError(413, 'FILE_TOO_LARGE', tooLargeMessage(kind), { connection: 'close' });

/**
 * Registers routes that take a file in a scope of their own: the file comes in the multipart form field 'file' or
 * as the raw body, up to `kind.maxBytes` (413 FILE_TOO_LARGE beyond). Nothing reads the body before the handler:
 * it opens the file with `openUpload` (a stream) after it has checked who is calling.
 */
export async function registerUploadRoutes(app: FastifyInstance, kind: UploadKind, routes: (scope: FastifyInstance) => Promise<void> | void): Promise<void> {
  await app.register(async (scope) => {
    // One byte over the limit reaches openUpload's counter, which answers as for a raw body.
    await scope.register(fastifyMultipart, { limits: { fileSize: kind.maxBytes + 1, files: 1, fields: 10 } });
    // Any other body (text/plain included) is left unread as the request's stream.
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.setErrorHandler((err: FastifyError, _request, reply) => {
      if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
        return reply.status(413).send(errorBody('FILE_TOO_LARGE', tooLargeMessage(kind)));
      }
      throw err; // the app's handler answers everything else
    });
    await routes(scope);
  });
}

/** The CSV routes (POST /api/leads/import, POST /api/dnc/import): up to IMPORT_MAX_BYTES. */
export const registerCsvUploadRoutes = (app: FastifyInstance, routes: (scope: FastifyInstance) => Promise<void> | void) => registerUploadRoutes(app, CSV_UPLOAD, routes);

/** The form parser's own errors (no boundary, a form cut short) are the client's: 400, not 500. Limits keep their status. */
const malformedForm = (kind: UploadKind) => (error: unknown): unknown => {
  if (error instanceof Error && !(error instanceof AppError) && (error as { statusCode?: number }).statusCode === undefined) {
    return badRequest(`The upload is not a readable multipart form (${error.message}); send the ${kind.noun} in the form field 'file'`, 'BAD_MULTIPART');
  }
  return error;
};

/** Passes bytes through and fails with 413 FILE_TOO_LARGE once more than `kind.maxBytes` went by. */
function byteLimit(kind: UploadKind): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      callback(seen > kind.maxBytes ? tooLarge(kind) : null, chunk);
    },
  });
}

/**
 * `source` through the size limit; an error of the source (a client gone, a broken form) reaches the reader,
 * even one raised before this was called: a form cut short fails its file part while the request is still
 * being handed over, and a late 'error' listener would wait for an end that never comes.
 */
function limited(source: Readable, kind: UploadKind, mapError: (error: unknown) => unknown = (e) => e): Readable {
  const out = byteLimit(kind);
  // The handler may still be awaiting something (a database check) when a large first chunk trips the limit: the
  // error must not go unheard and take the process down. A reader that comes later still gets it (the stream is
  // errored), and a handler that refuses before reading never needed it.
  out.on('error', () => {});
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

export interface Upload {
  /** The file's bytes as they arrive, limited to the kind's maxBytes. */
  stream: Readable;
  filename?: string;
  /** The declared type: the form part's, or the raw body's Content-Type (lower case, without parameters). */
  contentType: string;
}

/**
 * The uploaded file as a stream (and its name, from a form), or a 400 naming what is wrong with the upload.
 * A declared length over the limit is refused before anything is read.
 */
export async function openUpload(request: FastifyRequest, kind: UploadKind): Promise<Upload> {
  if (Number(request.headers['content-length'] ?? 0) > kind.maxBytes + 64 * 1024) throw tooLarge(kind);
  if (request.isMultipart()) {
    const file = await request.file().catch((error) => {
      throw malformedForm(kind)(error);
    });
    if (!file) throw badRequest(`No file: send the ${kind.noun} in the form field 'file'`, 'NO_FILE');
    if (file.fieldname !== 'file') throw badRequest(`Send the ${kind.noun} in the form field 'file', not '${file.fieldname}'`, 'NO_FILE');
    return { stream: limited(file.file, kind, malformedForm(kind)), filename: file.filename, contentType: file.mimetype.toLowerCase() };
  }
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type ? !kind.types.includes(type) : !kind.untyped) {
    const article = /^[aeiou]/i.test(kind.noun) ? 'an' : 'a';
    throw badRequest(`The upload is not ${article} ${kind.noun} (Content-Type ${type || 'missing'}); send it as ${kind.accepts} or in the multipart form field 'file'`, kind.wrongTypeCode);
  }
  const body = request.body;
  if (!(body instanceof Readable)) throw badRequest('The file is empty', 'EMPTY_FILE');
  return { stream: limited(body, kind), contentType: type };
}

/** A CSV upload (the lead import): as openUpload. */
export const openCsvUpload = (request: FastifyRequest) => openUpload(request, CSV_UPLOAD);

/** The whole uploaded file's bytes, for small files read in the request (the Do-Not-Contact import). */
export async function readCsvUpload(request: FastifyRequest): Promise<{ bytes: Uint8Array; filename?: string }> {
  const { stream, filename } = await openCsvUpload(request);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), filename };
}
