// Instagram's data download, the part this app reads and writes: `content/posts_1.json` (or
// `your_instagram_activity/content/posts_1.json` in newer downloads), a list of posts whose
// media point at files in the download by a relative `uri`. Instagram writes every text field
// "mojibake-escaped": each UTF-8 byte of the text becomes one \u00XX character, so "café"
// arrives as "cafÃ©". The archive "Download your information" writes uses the same shape, so
// an export imports back with the same code. The format has no field for a post's place: media
// carry a title, a date and camera or EXIF metadata (`media_metadata`, at most GPS coordinates),
// so a location is neither read from it nor written to it: the archive keeps it in
// your_information/posts.json, where the import finds it.

export interface InstagramMedia {
  uri: string
  creation_timestamp?: number
  title?: string
}

export interface InstagramPost {
  media: InstagramMedia[]
  /** A carousel's caption; a single photo's is its media's `title`. */
  title?: string
  creation_timestamp?: number
}

/** Where the posts list sits in a download, newest layout first. */
export const INSTAGRAM_POSTS_FILES = [
  'your_instagram_activity/content/posts_1.json',
  'content/posts_1.json'
] as const

/** Text as Instagram stores it: each UTF-8 byte as the character of that code (0–255). */
export function encodeInstagramText(text: string): string {
  let out = ''
  for (const byte of new TextEncoder().encode(text)) out += String.fromCharCode(byte)
  return out
}

/**
 * Instagram's escaped text back to what was typed. Text that is not such an escape (a
 * character above 255, or bytes that are not UTF-8) is returned as it is, so a caption that
 * was already plain is never mangled.
 */
export function decodeInstagramText(text: string): string {
  const bytes = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code > 0xff) return text
    bytes[i] = code
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return text
  }
}
