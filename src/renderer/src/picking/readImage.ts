// Turning a dropped or chosen File into checked bytes. The cheap checks (declared type, size)
// run before reading, so a huge or non-image file is refused without loading it.

import type { ImageFile } from '@shared/bridge-contract'
import { checkImage, isWithinImageSizeLimit, type ImageSource } from '@shared/image'
import { MESSAGES } from '@shared/messages'

export type ImageRead = { ok: true; image: ImageFile } | { ok: false; message: string }

function readBytes(file: Blob): Promise<Uint8Array> {
  if (typeof file.arrayBuffer === 'function') {
    return file.arrayBuffer().then((buffer) => new Uint8Array(buffer))
  }
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(file)
  })
}

export function checkImageFile(image: ImageFile, source: ImageSource): ImageRead {
  const check = checkImage(image.bytes, image.type, source)
  return check.ok ? { ok: true, image: { ...image, type: check.type } } : check
}

export async function readImageFile(file: File, source: ImageSource): Promise<ImageRead> {
  const notAnImage = source === 'dropped' ? MESSAGES.dropImageFile : MESSAGES.selectImageFile
  if (file.type && !file.type.startsWith('image/')) return { ok: false, message: notAnImage }
  if (!isWithinImageSizeLimit(file.size)) return { ok: false, message: MESSAGES.imageTooLarge }
  const bytes = await readBytes(file)
  return checkImageFile({ name: file.name, type: file.type, bytes }, source)
}
