// An Instagram download (or our own archive) given as a zip: the names are read from the zip's
// directory without inflating anything, and each file is inflated only when asked for, so the
// preview reads the posts lists and the photos they name, never the whole download's contents.

import { unzipSync } from 'fflate'
import type { DownloadFiles } from './instagram-import'

export function zipDownloadFiles(zip: Uint8Array): DownloadFiles {
  const names: string[] = []
  unzipSync(zip, {
    filter: (file) => {
      if (!file.name.endsWith('/')) names.push(file.name)
      return false
    }
  })
  const known = new Set(names)
  return {
    paths: () => names,
    async read(path) {
      if (!known.has(path)) return null
      return unzipSync(zip, { filter: (file) => file.name === path })[path] ?? null
    }
  }
}
