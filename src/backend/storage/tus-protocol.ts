// The TUS 1.0.0 wire format as hosted Storage's tus server speaks it: the Tus-Resumable header
// on every answer, Upload-Metadata's `key base64,key base64` pairs, and refusals as plain text
// with their real HTTP status (tus-js-client shows the status and the text), unlike Storage's
// JSON errors.

import type { ApiResponse } from '../http/types'
import { StorageError } from './errors'

export const TUS_VERSION = '1.0.0'
export const TUS_CONTENT_TYPE = 'application/offset+octet-stream'

/** A refusal in the tus server's form: its status and a text body. */
export class TusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string
  ) {
    super(body.trim())
  }
}

/** The messages of the tus server hosted Storage runs (@tus/utils ERRORS). */
export const TUS_ERRORS = {
  missingOffset: () => new TusError(403, 'Upload-Offset header required\n'),
  invalidContentType: () => new TusError(415, 'Content-Type header required\n'),
  notFound: () => new TusError(404, 'The file for this url was not found\n'),
  invalidOffset: () => new TusError(409, 'Upload-Offset conflict\n'),
  gone: () => new TusError(410, 'The file for this url no longer exists\n'),
  sizeExceeded: () => new TusError(413, "upload's size exceeded\n"),
  maxSizeExceeded: () => new TusError(413, 'Maximum size exceeded\n'),
  invalidLength: () => new TusError(400, 'Upload-Length or Upload-Defer-Length header required\n'),
  invalidMetadata: () =>
    new TusError(
      400,
      'Upload-Metadata is invalid. It MUST consist of one or more comma-separated key-value pairs. The key and value MUST be separated by a space. The key MUST NOT contain spaces and commas and MUST NOT be empty. The key SHOULD be ASCII encoded and the value MUST be Base64 encoded. All keys MUST be unique'
    ),
  unsupportedVersion: () => new TusError(412, 'Unsupported version\n'),
  metadataRequired: () => new TusError(400, 'Metadata header is required')
}

/** A Storage refusal inside the tus flow: hosted hands its status and message to the tus server. */
export function asTusError(error: StorageError): TusError {
  return new TusError(Number(error.statusCode) || 500, error.message)
}

export function tusResponse(
  status: number,
  headers: Record<string, string> = {},
  body: string | null = null
): ApiResponse {
  return {
    status,
    headers: {
      'tus-resumable': TUS_VERSION,
      ...(body !== null ? { 'content-type': 'text/plain; charset=utf-8' } : {}),
      ...headers
    },
    body
  }
}

export function tusErrorResponse(error: TusError): ApiResponse {
  return tusResponse(error.status, {}, error.body)
}

const KEY = /^[^\s,]+$/

/** Upload-Metadata as a map of decoded values (a key without a value maps to ''). */
export function parseUploadMetadata(header: string): Record<string, string> {
  const values: Record<string, string> = {}
  for (const pair of header.split(',')) {
    const parts = pair.trim().split(' ')
    if (parts.length > 2 || !KEY.test(parts[0]) || parts[0] in values) {
      throw TUS_ERRORS.invalidMetadata()
    }
    const encoded = parts[1] ?? ''
    if (encoded && !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) throw TUS_ERRORS.invalidMetadata()
    values[parts[0]] = Buffer.from(encoded, 'base64').toString('utf8')
  }
  return values
}

/** A non-negative integer header (Upload-Length, Upload-Offset), or null when absent or bad. */
export function integerHeader(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return null
  return Number(value.trim())
}

/** Every request but OPTIONS must say which protocol version it speaks. */
export function checkTusVersion(header: string | undefined): void {
  if (header !== TUS_VERSION) throw TUS_ERRORS.unsupportedVersion()
}
