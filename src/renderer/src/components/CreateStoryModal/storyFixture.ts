// What the create-story modal's test files share. jsdom has no canvas: each file replaces the
// photo pipeline with this one (its own vi.mock, so it runs isolated, tests/support/
// isolated-files.ts), which gives the picked image a story frame's rendition unless
// re-programmed:
//
//   vi.mock('../../imaging/processImage', async () => ({
//     processImage: (await import('./storyFixture')).processImage
//   }))

import { vi } from 'vitest'
import type { ProcessedImage } from '../../imaging/processImage'

export const processImage = vi.fn(
  async (image: ProcessedImage['image']): Promise<ProcessedImage> => ({
    image,
    renditions: {
      thumbnail: { name: 't.png', type: 'image/png', bytes: new Uint8Array(8) },
      width: 1080,
      height: 1920,
      placeholder: null
    }
  })
)
