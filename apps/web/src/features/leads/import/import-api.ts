/** CSV import API (docs/api-leads.md "CSV import"). */
import { IMPORT_MAX_BYTES, IMPORT_MAX_ERRORS, type ImportMapping, type ImportPreview, type ImportState, type ImportStatus } from '@wholesail/domain';
import { apiRequest, ApiError, errorFromBody, NETWORK_ERROR_MESSAGE } from '@/lib/api';

export type { ImportMapping, ImportPreview, ImportStatus };

/** The server keeps at most this many row errors; `skipped` counts them all. */
export const IMPORT_ERRORS_CAP = IMPORT_MAX_ERRORS;
export const IMPORT_POLL_MS = 1000;


export function isImportFinished(status: ImportState): boolean {
  return status === 'completed' || status === 'failed';
}

/** Sends the file itself as the body (text/csv), not JSON, to an import route (leads, buyers) that takes ?filename=. */
export async function postCsvFile<T>(path: string, file: File): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${path}?filename=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'text/csv' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    data = text;
  }
  if (!response.ok) {
    throw errorFromBody(response.status, data, response.status >= 500 ? 'The server had a problem. Please try again.' : `Upload failed (${response.status})`);
  }
  return data as T;
}

export const uploadCsv = (file: File) => postCsvFile<ImportPreview>('/api/leads/import', file);

export function startImport(id: string, mapping: ImportMapping): Promise<ImportStatus> {
  return apiRequest<ImportStatus>(`/api/leads/import/${encodeURIComponent(id)}/start`, { method: 'POST', body: { mapping } });
}

export function fetchImport(id: string): Promise<ImportStatus> {
  return apiRequest<ImportStatus>(`/api/leads/import/${encodeURIComponent(id)}`);
}

/** A file the picker accepts: named .csv (or typed text/csv) and not empty; else the reason. `rows` names what the rows hold. */
export function csvFileProblem(file: File, rows = 'one lead'): string | null {
  const isCsv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  if (!isCsv) return `"${file.name}" is not a CSV file. Choose a file ending in .csv.`;
  if (file.size === 0) return `"${file.name}" is empty. Choose a CSV file with a header row and at least ${rows}.`;
  if (file.size > IMPORT_MAX_BYTES) return `"${file.name}" is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`;
  return null;
}
