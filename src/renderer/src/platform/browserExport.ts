// "Download your information" in the web build: the page writes the archive with its own
// session and hands it to the browser as a download. A page cannot write to a file as it goes,
// so the zip's chunks are held until the end (the desktop app streams them to disk instead).

import type { Api } from '@shared/bridge-contract'
import { archiveFileName, writeInformationArchive } from '@shared/data/export/information-archive'
import type { CurrentSession } from '@shared/data/accounts'
import { listenerSet } from '@shared/data/session-bridge'
import { MESSAGES } from '@shared/messages'

function download(chunks: Uint8Array<ArrayBuffer>[], fileName: string): void {
  const url = URL.createObjectURL(new Blob(chunks, { type: 'application/zip' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  // The click has started the download; the URL is no longer needed once it has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export function createBrowserExport(session: Promise<CurrentSession>): Api['data'] {
  const progress = listenerSet<{ done: number; total: number }>()
  return {
    async exportInformation() {
      const ready = await session
      const snapshot = await ready.getSnapshot()
      if (!snapshot.user) throw new Error(MESSAGES.exportSignedOut)
      const chunks: Uint8Array<ArrayBuffer>[] = []
      const summary = await writeInformationArchive({
        client: ready.client,
        userId: snapshot.user.id,
        sink: { write: async (chunk) => void chunks.push(new Uint8Array(chunk)) },
        onProgress: progress.emit
      })
      download(chunks, archiveFileName(snapshot.profile?.username ?? null, new Date()))
      return summary
    },
    onExportProgress: progress.on
  }
}
