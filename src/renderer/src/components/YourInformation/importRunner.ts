// The import's two steps outside React: reading what the user chose (an Instagram zip, or the
// unzipped folder) into a plan (services/instagramImport.ts), and making each planned post
// through the same path as a new post: the image pipeline, then posts:create with the post's
// original date.

import type { ParseKeys } from 'i18next'
import type { Api } from '@shared/bridge-contract'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { processImage } from '../../imaging/processImage'
import { newRowId } from '../../services/rules'
import type { ImportCandidate, SkipReason } from '../../services/types'

/** Why a file is left out, as catalog keys. */
export const SKIP_REASONS: Record<SkipReason, ParseKeys> = {
  video: 'information.import.skip.video',
  missing: 'information.import.skip.missing',
  'not-an-image': 'information.import.skip.notAnImage',
  'caption-too-long': 'information.import.skip.captionTooLong',
  'too-many': 'information.import.skip.tooMany'
}

export interface ImportOutcome {
  imported: number
  failed: Array<{ caption: string; message: string }>
}

export async function importPosts(
  api: Pick<Api, 'posts'>,
  posts: readonly ImportCandidate[],
  onProgress: (done: number) => void
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { imported: 0, failed: [] }
  for (const [index, post] of posts.entries()) {
    try {
      const processed = await Promise.all(
        post.photos.map((photo) =>
          processImage({
            name: photo.uri.split('/').pop() ?? 'photo',
            type: photo.type,
            bytes: photo.bytes
          })
        )
      )
      await api.posts.create({
        id: newRowId(),
        caption: post.caption,
        location: post.location,
        takenAt: post.takenAt,
        photos: processed.map((item) => ({ ...item, altText: '' }))
      })
      outcome.imported++
    } catch (error) {
      outcome.failed.push({
        caption: post.caption,
        message: messageOr(error, MESSAGES.importFailed)
      })
    }
    onProgress(index + 1)
  }
  return outcome
}
