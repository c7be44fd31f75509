// Thumbhash placeholders: ~30 bytes stored with the post, decoded to a tiny blurred PNG that
// paints the card's image area while the real image downloads.

import { thumbHashToDataURL } from 'thumbhash'

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

/** A data URL for the placeholder, or null when there is none or it cannot be decoded. */
export function placeholderDataUrl(placeholder: string | null | undefined): string | null {
  if (!placeholder) return null
  try {
    return thumbHashToDataURL(base64ToBytes(placeholder))
  } catch {
    // A malformed hash only costs the preview; the image itself still loads.
    return null
  }
}
