// Supabase Storage's error shape: HTTP 400 for every non-500 error (unless Storage sets the HTTP
// status itself, as its role checks do), with the logical status as a string in `statusCode`.
// Apps compare `statusCode` and `message`.

import { isPostgresError } from '../db/database'
import { readJsonBody, type ApiRequest, type ApiResponse } from '../http/types'

export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
    /** The HTTP status when Storage gives one other than its usual 400. */
    readonly httpStatus?: number
  ) {
    super(message)
  }
}

export function storageErrorResponse(error: StorageError): ApiResponse {
  return {
    status: error.httpStatus ?? (error.statusCode === '500' ? 500 : 400),
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({
      statusCode: error.statusCode,
      code: error.code,
      error: error.error,
      message: error.message
    })
  }
}

export const noSuchBucket = (): StorageError =>
  new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found')
export const noSuchKey = (): StorageError =>
  new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found')
export const keyAlreadyExists = (): StorageError =>
  new StorageError('409', 'KeyAlreadyExists', 'Duplicate', 'The resource already exists')
export const accessDenied = (message: string): StorageError =>
  new StorageError('403', 'AccessDenied', 'Unauthorized', message)
export const entityTooLarge = (): StorageError =>
  new StorageError(
    '413',
    'EntityTooLarge',
    'Payload too large',
    'The object exceeded the maximum allowed size'
  )
export const invalidMimeType = (message: string): StorageError =>
  new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', message)
/** Not a Storage error upstream: our local backend also checks an image's structure (upload.ts). */
export const invalidImage = (message: string): StorageError =>
  new StorageError('422', 'InvalidImage', 'invalid_image', message)
export const invalidKey = (key: string): StorageError =>
  new StorageError('400', 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`)
export const invalidRequest = (message: string): StorageError =>
  new StorageError('400', 'InvalidRequest', 'Bad Request', message)

/** The request's JSON body, or Storage's InvalidRequest when it does not parse. */
export function readStorageJson(request: ApiRequest): unknown {
  try {
    return readJsonBody(request)
  } catch {
    throw invalidRequest('Body is not valid JSON')
  }
}

/** Maps what the database said during a write to Storage's answer; null: not ours to map. */
export function fromPostgres(error: unknown): StorageError | null {
  if (!isPostgresError(error)) return null
  switch (error.code) {
    case '23505':
      return keyAlreadyExists()
    case '42501':
      return accessDenied('new row violates row-level security policy')
    case '23503':
      return noSuchBucket()
    default:
      return null
  }
}
export const invalidBucketName = (): StorageError =>
  new StorageError('400', 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid')
export const bucketAlreadyExists = (): StorageError =>
  new StorageError('409', 'BucketAlreadyExists', 'Duplicate', 'The resource already exists')
export const bucketNotEmpty = (): StorageError =>
  new StorageError(
    '409',
    'ResourceNotEmpty',
    'ResourceNotEmpty',
    'The bucket you tried to delete is not empty'
  )
export const featureNotEnabled = (feature: string): StorageError =>
  new StorageError(
    '409',
    'FeatureNotEnabled',
    'FeatureNotEnabled',
    `The feature ${feature} is not enabled for this resource`
  )
