// Image transformation options as Supabase Storage takes them: width, height, resize
// (cover | contain | fill), quality (20–100) and format (origin; or a modern format, which is
// what hosted picks by default when the Accept header allows it). Validated with the messages of
// Storage's schema validation; sizes are clamped to 1…2500 px, as hosted clamps them.

import { StorageError } from './errors'

export type ResizeMode = 'cover' | 'contain' | 'fill'
export type RequestedFormat = 'origin' | 'webp' | 'avif'

export interface TransformOptions {
  width?: number
  height?: number
  resize?: ResizeMode
  quality?: number
  format?: RequestedFormat
}

/** Hosted's largest rendition side (larger requests are clamped, not refused). */
export const MAX_TRANSFORM_SIZE = 2500
const MIN_TRANSFORM_SIZE = 1
export const DEFAULT_QUALITY = 80
const RESIZE_MODES: readonly string[] = ['cover', 'contain', 'fill']
const FORMATS: readonly string[] = ['origin', 'webp', 'avif']

const invalid = (message: string): StorageError =>
  new StorageError('400', 'InvalidRequest', 'Bad Request', message)

function integer(
  where: string,
  name: string,
  raw: unknown,
  min: number,
  max?: number
): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  const value = typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw invalid(`${where}/${name} must be integer`)
  }
  if (value < min) throw invalid(`${where}/${name} must be >= ${min}`)
  if (max !== undefined && value > max) throw invalid(`${where}/${name} must be <= ${max}`)
  return value
}

function oneOf<T extends string>(
  where: string,
  name: string,
  raw: unknown,
  allowed: readonly string[]
): T | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  if (typeof raw !== 'string' || !allowed.includes(raw)) {
    throw invalid(`${where}/${name} must be equal to one of the allowed values`)
  }
  return raw as T
}

/**
 * Validates raw option values; `where` names their place in the request as Storage's messages
 * do (`querystring` for render URLs, `body/transform` for createSignedUrl).
 */
export function parseTransformOptions(
  where: string,
  read: (name: keyof TransformOptions) => unknown
): TransformOptions {
  const options: TransformOptions = {
    width: integer(where, 'width', read('width'), 0),
    height: integer(where, 'height', read('height'), 0),
    resize: oneOf<ResizeMode>(where, 'resize', read('resize'), RESIZE_MODES),
    quality: integer(where, 'quality', read('quality'), 20, 100),
    format: oneOf<RequestedFormat>(where, 'format', read('format'), FORMATS)
  }
  const clamp = (size: number | undefined): number | undefined =>
    size ? Math.min(Math.max(size, MIN_TRANSFORM_SIZE), MAX_TRANSFORM_SIZE) : undefined
  return { ...options, width: clamp(options.width), height: clamp(options.height) }
}

export function transformOptionsFromQuery(params: URLSearchParams): TransformOptions {
  return parseTransformOptions('querystring', (name) => params.get(name) ?? undefined)
}

export function transformOptionsFromBody(transform: unknown): TransformOptions {
  if (transform === undefined || transform === null) return {}
  if (typeof transform !== 'object' || Array.isArray(transform)) {
    throw invalid('body/transform must be object')
  }
  const values = transform as Record<string, unknown>
  return parseTransformOptions('body/transform', (name) => values[name])
}

/** What a signed URL's token carries (hosted's `transformations` claim). */
export function signedTransformations(options: TransformOptions): string {
  const segments: string[] = []
  if (options.height) segments.push(`height:${options.height}`)
  if (options.width) segments.push(`width:${options.width}`)
  if (options.width || options.height) segments.push(`resize:${options.resize ?? 'cover'}`)
  if (options.quality) segments.push(`quality:${options.quality}`)
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`)
  return segments.join(',')
}

/** The options a signed token carries, read back (the values were checked when it was signed). */
export function transformOptionsFromToken(
  transformations: string,
  format: string
): TransformOptions {
  const options: TransformOptions = {}
  for (const segment of transformations.split(',')) {
    const [name, value = ''] = segment.split(':')
    if (name === 'height' || name === 'width' || name === 'quality') {
      const number = Number.parseInt(value, 10)
      if (Number.isFinite(number)) options[name] = number
    } else if (name === 'resize' && RESIZE_MODES.includes(value)) {
      options.resize = value as ResizeMode
    } else if (name === 'format' && FORMATS.includes(value)) {
      options.format = value as RequestedFormat
    }
  }
  if (FORMATS.includes(format)) options.format = format as RequestedFormat
  return options
}

/** The X-Transformations header hosted answers with: imgproxy's names for what was applied. */
export function appliedTransformations(options: TransformOptions): string {
  const resizing = { cover: 'fill', contain: 'fit', fill: 'force' }[options.resize ?? 'cover']
  const segments: string[] = []
  if (options.height) segments.push(`height:${options.height}`)
  if (options.width) segments.push(`width:${options.width}`)
  if (options.width || options.height) segments.push(`resizing_type:${resizing}`)
  if (options.quality) segments.push(`quality:${options.quality}`)
  if (options.format && options.format !== 'origin') segments.push(`format:${options.format}`)
  return segments.join(',')
}
