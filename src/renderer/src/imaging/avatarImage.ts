// A profile photo from a picked or dropped one: the photo pipeline's 320 px centred square
// thumbnail, made off the UI thread, is exactly an avatar (Edit profile, the welcome step).

import type { ImageFile } from '@shared/bridge-contract'
import { processImage } from './processImage'

export const AVATAR_NOT_PROCESSED = "Couldn't prepare this image. Try another one."

export async function avatarFrom(image: ImageFile): Promise<ImageFile> {
  const processed = await processImage(image)
  const square = processed.renditions?.thumbnail
  if (!square) throw new Error(AVATAR_NOT_PROCESSED)
  return square
}
