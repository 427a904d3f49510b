import {
  FormDataParseError,
  MaxFileSizeExceededError,
  MaxFilesExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseFormData,
} from '@remix-run/form-data-parser';
import { MAX_IMPORT_BYTES, tooLargeMessage } from '~/schemas/import/limits';
import { HttpError } from './http.server';

// The HTTP edge of an import, before step 1: what the request may carry. Its refusals are HttpErrors.

/** Room for the other fields and the multipart boundaries around the file. */
const FORM_OVERHEAD = 64 * 1024;

/**
 * Reads an import form: multipart with one file (at most 5 MB), or a urlencoded form carrying pasted JSON (at most
 * 5 MB of text). Limits are enforced while streaming, so an oversized upload is a 413 with a clear message, not a
 * full read into memory or a 500.
 */
export async function readImportForm(request: Request): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.startsWith('multipart/form-data') && !type.startsWith('application/x-www-form-urlencoded')) {
    throw new HttpError(415, 'Send the import as a form (multipart/form-data with the file in a field named "file").');
  }
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > MAX_IMPORT_BYTES * 1.5 + FORM_OVERHEAD) throw new HttpError(413, tooLargeMessage());
  try {
    return await parseFormData(request, {
      maxFiles: 1,
      maxFileSize: MAX_IMPORT_BYTES,
      maxParts: 20,
      // Pasted JSON arrives urlencoded, where escaping can grow the text by half; the JSON itself is capped below.
      maxTotalSize: Math.ceil(MAX_IMPORT_BYTES * 1.5) + FORM_OVERHEAD,
    });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError)
      throw new HttpError(413, tooLargeMessage());
    if (error instanceof MaxFilesExceededError) throw new HttpError(400, 'Upload one file at a time.');
    if (error instanceof MaxPartsExceededError) throw new HttpError(400, 'The form has too many fields.');
    if (error instanceof FormDataParseError || error instanceof MultipartParseError)
      throw new HttpError(400, 'The upload could not be read. Please try again.');
    throw error;
  }
}

/** The chosen file, or null when the form was sent without one (browsers send an empty, unnamed part). */
export function uploadedFile(form: FormData, field = 'file'): File | null {
  const value = form.get(field);
  if (!(value instanceof File)) return null;
  if (value.name === '' && value.size === 0) return null;
  return value;
}
