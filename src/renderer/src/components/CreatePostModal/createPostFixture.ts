// What the create-post modal's test files share. jsdom has no canvas: each file replaces the
// photo pipeline with this one (its own vi.mock, so it runs isolated, tests/support/
// isolated-files.ts), which shares the picked file as it is unless re-programmed:
//
//   vi.mock('../../imaging/processImage', async (importOriginal) => ({
//     ...(await importOriginal<typeof import('../../imaging/processImage')>()),
//     processImage: (await import('./createPostFixture')).processImage
//   }))

import { afterEach, beforeEach, vi } from 'vitest'
import type { ProcessedImage } from '../../imaging/processImage'
import { preferencesStore } from '../../preferences/usePreferences'

export const processImage = vi.fn(
  async (image: ProcessedImage['image']): Promise<ProcessedImage> => ({ image })
)

/** The alt-text reminder (which a first Share may show) has its own tests: AltTextReminder.test. */
export function skipAltTextReminder(): void {
  beforeEach(() => preferencesStore.getState().set('altTextReminder', false))
  afterEach(() => preferencesStore.getState().set('altTextReminder', true))
}
