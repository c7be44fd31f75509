// The import's two steps outside React: reading what the user chose (an Instagram zip, or the
// unzipped folder) into a plan, and making each planned post through the same path as a new
// post: the image pipeline, then posts:create with the post's original date.

import type { Api } from '@shared/bridge-contract'
import { newRowId } from '@shared/data/idempotent'
import type {
  DownloadFiles,
  ImportCandidate,
  SkipReason
} from '@shared/data/export/instagram-import'
import { zipDownloadFiles } from '@shared/data/export/zip-download'
import { messageOr } from '@shared/errors'
import { MESSAGES } from '@shared/messages'
import { processImage } from '../../imaging/processImage'

export const SKIP_REASONS: Record<SkipReason, string> = {
  video: 'videos are not imported',
  missing: 'the file is not in the download',
  'not-an-image': 'not a photo this app can read',
  'caption-too-long': 'caption over 500 characters',
  'too-many': 'a post holds at most 10 photos'
}

/**
 * A zip (read once into memory, held to the import's bounds from its directory, inflated file by
 * file: zip-download.ts) or a folder's files by relative path.
 */
export async function readDownload(files: readonly File[]): Promise<DownloadFiles> {
  if (files.length === 1 && /\.zip$/i.test(files[0].name)) {
    return zipDownloadFiles(new Uint8Array(await files[0].arrayBuffer()))
  }
  const byPath = new Map(files.map((file) => [file.webkitRelativePath || file.name, file]))
  return {
    paths: () => [...byPath.keys()],
    async read(path) {
      const file = byPath.get(path)
      return file ? new Uint8Array(await file.arrayBuffer()) : null
    }
  }
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
