// Photos opened with the app on macOS: dropped on the dock icon, or Finder's Open With. Each file
// arrives as its own `open-file` event, possibly before the app is ready (the photos launched
// it), so paths are gathered for a moment and handed over together: main reads them with the
// rules of the native dialog (a file, under 10 MB, an image by its bytes) and sends the window
// the images, or the reason none can be shared. The outbox holds them until the page listens.

import type { OpenedFiles } from '../shared/bridge-contract'
import { messageOr } from '../shared/errors'
import type { Logger } from '../shared/logger'
import { MAX_CAROUSEL_PHOTOS } from '../shared/limits'
import { MESSAGES } from '../shared/messages'
import { readChosenImage, type ImageFileReader } from './ipc/images'
import { openedFilesSchema } from './ipc/schemas'
import type { RendererOutbox } from './window/renderer-outbox'

/** How long after one file's event the next one of the same drop may come. */
export const OPEN_FILES_GATHER_MS = 150

export interface FileOpenerDeps extends ImageFileReader {
  outbox: RendererOutbox
  /** Brings the window to the front, opening it again if it was closed. */
  showWindow(): void
  log: Logger
  /** setTimeout, injected so tests control time. */
  schedule(run: () => void, ms: number): void
}

/** A file that vanished or cannot be read: the system's error would show its path. */
export const UNREADABLE_PHOTO = 'This photo could not be read.'

const unreadable = (): never => {
  throw new Error(UNREADABLE_PHOTO)
}

/** Reads a batch of paths: every image, or the first reason one of them cannot be shared. */
export async function readOpenedFiles(
  paths: readonly string[],
  files: ImageFileReader
): Promise<OpenedFiles> {
  const reader: ImageFileReader = {
    stat: (path) => files.stat(path).catch(unreadable),
    readFile: (path) => files.readFile(path).catch(unreadable)
  }
  // The same limit as the Create dialog, said before reading anything.
  if (paths.length > MAX_CAROUSEL_PHOTOS) return { ok: false, message: MESSAGES.tooManyPhotos }
  const images = []
  for (const [index, path] of paths.entries()) {
    try {
      images.push(await readChosenImage(path, reader, 'dropped'))
    } catch (error) {
      const reason = messageOr(error, MESSAGES.dropImageFile)
      // Name the file by its position, never its path: paths can hold the user's name.
      return {
        ok: false,
        message: paths.length > 1 ? MESSAGES.photoNotAnImage(index + 1, reason) : reason
      }
    }
  }
  return { ok: true, images }
}

/** Returns the `open-file` handler: call it with each path the OS hands over. */
export function createFileOpener(deps: FileOpenerDeps): (path: string) => void {
  let gathering: string[] | null = null

  async function deliver(paths: string[]): Promise<void> {
    const opened = await readOpenedFiles(paths, deps)
    // The same shape check as every payload crossing to the page (it bounds what is sent).
    const checked = openedFilesSchema.safeParse(opened)
    if (!checked.success) {
      deps.log.error('[open-file] refused to send a malformed payload')
      return
    }
    if (opened.ok) deps.log.info(`[open-file] opening ${opened.images.length} photo(s) in Create`)
    else deps.log.warn(`[open-file] refused: ${opened.message}`)
    deps.outbox.send('app:open-files', opened)
    deps.showWindow()
  }

  return (path) => {
    if (gathering) {
      gathering.push(path)
      return
    }
    const batch = [path]
    gathering = batch
    deps.schedule(() => {
      gathering = null
      void deliver(batch)
    }, OPEN_FILES_GATHER_MS)
  }
}
