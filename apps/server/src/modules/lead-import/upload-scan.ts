import { Transform, type TransformCallback } from 'node:stream';
import { badRequest } from '../../http/errors';
import { decodeUpload, summariseCsv, type CsvSummary } from './csv';

/** The preview reads at most this much of the file; the rest is only counted on its way to storage. */
export const HEAD_BYTES = 64 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;
const isBlank = (b: number) => b === 0x20 || b === 0x09;

/**
 * Watches an upload's bytes on their way to storage without parsing them: refuses binary files (a NUL byte),
 * keeps the first HEAD_BYTES for the preview and counts records the way the import's parser will see them
 * (line ends inside quotes belong to the field; records with no value are skipped). Each chunk is scanned once,
 * in order, and passed on untouched.
 */
export class UploadScan extends Transform {
  bytes = 0;
  /** Records with at least one value, the header included. */
  records = 0;
  private readonly head: Buffer[] = [];
  /** Where the last record that ends within the head ends. */
  private headEnd = 0;
  private inQuotes = false;
  private quoteSeen = false;
  private fieldStart = true;
  private hasValue = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (chunk.includes(0)) {
      callback(badRequest('The file is not a CSV file (it is binary; save the spreadsheet as CSV and upload that)', 'NOT_CSV'));
      return;
    }
    if (this.bytes < HEAD_BYTES) this.head.push(chunk.subarray(0, HEAD_BYTES - this.bytes));
    for (let i = 0; i < chunk.length; i++) this.scan(chunk[i]!, this.bytes + i);
    this.bytes += chunk.length;
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.endRecord(this.bytes);
    callback();
  }

  private scan(b: number, at: number) {
    if (this.quoteSeen) {
      this.quoteSeen = false;
      if (b === QUOTE) return; // "" inside quotes is a quote
      this.inQuotes = false;
    }
    if (this.inQuotes) {
      if (b === QUOTE) this.quoteSeen = true;
      else if (!isBlank(b) && b !== LF && b !== CR) this.hasValue = true;
      return;
    }
    if (b === QUOTE && this.fieldStart) {
      this.inQuotes = true;
      this.fieldStart = false;
    } else if (b === COMMA) {
      this.fieldStart = true;
    } else if (b === LF || b === CR) {
      this.endRecord(at + 1);
    } else {
      this.fieldStart = false;
      if (!isBlank(b)) this.hasValue = true;
    }
  }

  private endRecord(end: number) {
    if (this.hasValue) {
      this.records++;
      if (end <= HEAD_BYTES) this.headEnd = end;
    }
    this.hasValue = false;
    this.fieldStart = true;
  }

  /**
   * The preview of the scanned file: a file that fits in the head is read whole, as the import will read it;
   * a larger one by its first records, with the counted rows. Bad input → 400 naming the problem.
   */
  async summary(): Promise<CsvSummary> {
    const head = Buffer.concat(this.head);
    const complete = this.bytes <= HEAD_BYTES;
    if (complete) return summariseCsv(decodeUpload(head));
    if (this.headEnd === 0) throw badRequest(`The file's first line is longer than ${HEAD_BYTES / 1024} KB: it is not a CSV header row`, 'NO_HEADER');
    const summary = await summariseCsv(decodeUpload(head.subarray(0, this.headEnd)), false);
    return { ...summary, totalRows: this.records - 1 };
  }
}
