// The frame a carousel's photos share: the first photo's shape, held between the widest (1.91:1)
// and the tallest (4:5) shapes a feed shows, as the network frames one. Every photo fills it
// (cropped to it, never banded), so paging never changes the frame's size.

import type { PostImage } from '@shared/domain'

export const WIDEST_FRAME = 1.91
export const TALLEST_FRAME = 4 / 5

/** Width over height of the frame for `images` (1, a square, when the first has no size). */
export function carouselFrameRatio(images: readonly Pick<PostImage, 'width' | 'height'>[]): number {
  const first = images[0]
  if (!first?.width || !first.height) return 1
  return Math.min(WIDEST_FRAME, Math.max(TALLEST_FRAME, first.width / first.height))
}
