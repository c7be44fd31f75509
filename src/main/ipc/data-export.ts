// data:export — "Download your information" on the desktop: the native save dialog picks the
// file, main writes the archive into it as it is made (a photo at a time, never the whole zip in
// memory) with its own signed-in client, and progress goes back to the window that asked. The
// renderer sends nothing but the request: the path comes from the dialog, never from the page.

import { open } from 'node:fs/promises'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { EventChannel, ExportProgress, ExportSummary } from '../../shared/bridge-contract'
import {
  archiveFileName,
  writeInformationArchive
} from '../../shared/data/export/information-archive'
import type { ZipSink } from '../../shared/data/export/zip-stream'
import { MESSAGES } from '../../shared/messages'
import type { Handle, InvokeEventLike } from './handle'
import { noPayload } from './schemas'

export interface SaveDialogRequest {
  title: string
  defaultPath: string
  filters: Array<{ name: string; extensions: string[] }>
}

export interface ArchiveFile extends ZipSink {
  close(): Promise<void>
}

export interface DataExportDeps {
  /** dialog.showSaveDialog, attached to our window. */
  showSaveDialog(options: SaveDialogRequest): Promise<{ canceled: boolean; filePath?: string }>
  createFile(path: string): Promise<ArchiveFile>
  removeFile(path: string): Promise<void>
  client(): SupabaseClient
  currentUser(): { id: string; username: string | null } | null
  now?: () => Date
}

/** A new file at `path`, written chunk by chunk (what the dialog picked, replaced if it exists). */
export async function openArchiveFile(path: string): Promise<ArchiveFile> {
  const handle = await open(path, 'w')
  return {
    async write(chunk) {
      for (let offset = 0; offset < chunk.byteLength;) {
        const { bytesWritten } = await handle.write(chunk, offset)
        offset += bytesWritten
      }
    },
    close: () => handle.close()
  }
}

/** The dialog's path, with ".zip" added when the user typed a name without it. */
export function withZipExtension(path: string): string {
  return /\.zip$/i.test(path) ? path : `${path}.zip`
}

export async function exportInformationToFile(
  deps: DataExportDeps,
  onProgress: (progress: ExportProgress) => void
): Promise<ExportSummary | null> {
  const user = deps.currentUser()
  if (!user) throw new Error(MESSAGES.exportSignedOut)
  const choice = await deps.showSaveDialog({
    title: MESSAGES.exportDialogTitle,
    defaultPath: archiveFileName(user.username, (deps.now ?? (() => new Date()))()),
    filters: [{ name: 'Zip archive', extensions: ['zip'] }]
  })
  if (choice.canceled || !choice.filePath) return null
  const path = withZipExtension(choice.filePath)
  const file = await deps.createFile(path)
  try {
    const summary = await writeInformationArchive({
      client: deps.client(),
      userId: user.id,
      sink: file,
      onProgress
    })
    await file.close()
    return summary
  } catch (error) {
    // Never leave half an archive that looks like a whole one.
    await file.close().catch(() => undefined)
    await deps.removeFile(path).catch(() => undefined)
    throw error
  }
}

function sendProgress(event: InvokeEventLike, progress: ExportProgress): void {
  const sender = event.sender as { send?: (channel: string, payload: unknown) => void } | null
  const channel: EventChannel = 'data:export-progress'
  try {
    sender?.send?.(channel, progress)
  } catch {
    // The window closed: the archive is still finished.
  }
}

export function registerDataExportIpc(handle: Handle, deps: DataExportDeps): void {
  handle(
    'data:export',
    noPayload,
    (_request, event) => exportInformationToFile(deps, (progress) => sendProgress(event, progress)),
    { fallbackMessage: MESSAGES.exportFailed }
  )
}
