// Reading an Instagram download for Settings › Your information › Import: a zip (read once into
// memory, held to the import's bounds from its directory, inflated file by file:
// zip-download.ts) or a folder's files by relative path, and the plan of the posts it makes.

import type { DownloadFiles } from '@shared/data/export/instagram-import'
import { zipDownloadFiles } from '@shared/data/export/zip-download'

export { planInstagramImport } from '@shared/data/export/instagram-import'

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
