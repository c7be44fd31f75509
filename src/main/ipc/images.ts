// images:pick — the native open dialog. Main reads only the paths the user picked (up to a
// carousel's ten, photos and clips together), checks each size on disk before reading it, and
// sniffs a photo's bytes before they go back to the renderer.

import { basename } from 'node:path'
import type { ImageFile, ImagePickRequest } from '../../shared/bridge-contract'
import { checkImage, isWithinImageSizeLimit, type ImageSource } from '../../shared/image'
import {
  ACCEPTED_IMAGE_EXTENSIONS,
  MAX_CAROUSEL_PHOTOS,
  MAX_VIDEO_INPUT_BYTES
} from '../../shared/limits'
import { messageOr } from '../../shared/errors'
import { MESSAGES } from '../../shared/messages'
import { ACCEPTED_VIDEO_EXTENSIONS } from '../../shared/video'
import type { Handle } from './handle'
import { imagePickSchema } from './schemas'

export interface OpenDialogRequest {
  title: string
  properties: Array<'openFile' | 'multiSelections'>
  filters: Array<{ name: string; extensions: string[] }>
}

/** Reading a file the user chose (in the dialog, or by opening it with the app). */
export interface ImageFileReader {
  stat(path: string): Promise<{ size: number; isFile(): boolean }>
  readFile(path: string): Promise<Uint8Array>
}

export interface ImagePickerDeps extends ImageFileReader {
  /** dialog.showOpenDialog, attached to our window. */
  showOpenDialog(options: OpenDialogRequest): Promise<{ canceled: boolean; filePaths: string[] }>
}

export const IMAGE_DIALOG_OPTIONS: OpenDialogRequest = {
  title: 'Select a photo or video',
  properties: ['openFile'],
  filters: [
    {
      name: 'Photos and videos',
      extensions: [...ACCEPTED_IMAGE_EXTENSIONS, ...ACCEPTED_VIDEO_EXTENSIONS]
    },
    { name: 'Images', extensions: [...ACCEPTED_IMAGE_EXTENSIONS] },
    { name: 'Videos', extensions: [...ACCEPTED_VIDEO_EXTENSIONS] }
  ]
}

const VIDEO_TYPE_BY_EXTENSION: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm'
}

/**
 * A video the user chose, by its extension: handed to the renderer as picked, where the
 * converter decodes it (and says so when it cannot); only its size is checked here.
 */
async function readChosenVideo(
  path: string,
  type: string,
  deps: ImageFileReader,
  budget = { bytesLeft: MAX_VIDEO_INPUT_BYTES }
): Promise<ImageFile> {
  const info = await deps.stat(path)
  if (!info.isFile()) throw new Error(MESSAGES.videoUnreadable)
  if (info.size > budget.bytesLeft) throw new Error(MESSAGES.videoFileTooLarge)
  budget.bytesLeft -= info.size
  return { name: basename(path), type, bytes: new Uint8Array(await deps.readFile(path)) }
}

/** The dialog for one file, or for several (a post's carousel). */
export function imageDialogOptions({ multiple }: ImagePickRequest): OpenDialogRequest {
  if (!multiple) return IMAGE_DIALOG_OPTIONS
  return {
    ...IMAGE_DIALOG_OPTIONS,
    title: 'Select photos or videos',
    properties: ['openFile', 'multiSelections']
  }
}

/** The video type of a path, by its extension; undefined for anything else. */
const videoTypeOf = (path: string): string | undefined =>
  VIDEO_TYPE_BY_EXTENSION[path.split('.').pop()?.toLowerCase() ?? '']

/**
 * Opens the dialog and reads what the user chose, in order; an empty list on cancel. Several
 * files are ten at most, their clips together no larger than one clip may be (all of them cross
 * to the page at once), and one bad file refuses them all, naming it.
 */
export async function pickImages(
  deps: ImagePickerDeps,
  request: ImagePickRequest = { multiple: false }
): Promise<ImageFile[]> {
  const choice = await deps.showOpenDialog(imageDialogOptions(request))
  if (choice.canceled) return []
  const paths = request.multiple ? choice.filePaths : choice.filePaths.slice(0, 1)
  if (paths.length === 1) {
    const videoType = videoTypeOf(paths[0])
    return [
      await (videoType
        ? readChosenVideo(paths[0], videoType, deps)
        : readChosenImage(paths[0], deps))
    ]
  }
  if (paths.length > MAX_CAROUSEL_PHOTOS) throw new Error(MESSAGES.tooManyPhotos)
  const images: ImageFile[] = []
  const budget = { bytesLeft: MAX_VIDEO_INPUT_BYTES }
  for (const path of paths) {
    try {
      const videoType = videoTypeOf(path)
      images.push(
        await (videoType
          ? readChosenVideo(path, videoType, deps, budget)
          : readChosenImage(path, deps))
      )
    } catch (error) {
      throw new Error(`${basename(path)}: ${messageOr(error, MESSAGES.selectImageFile)}`)
    }
  }
  return images
}

/**
 * Reads one file the user chose, with the product's rules: a file (not a folder), under 10 MB
 * by its size on disk before a byte is read, and an image by its magic bytes. Throws the
 * message the user reads.
 */
export async function readChosenImage(
  path: string,
  deps: ImageFileReader,
  source: ImageSource = 'selected'
): Promise<ImageFile> {
  const info = await deps.stat(path)
  if (!info.isFile())
    throw new Error(source === 'dropped' ? MESSAGES.dropImageFile : MESSAGES.selectImageFile)
  // Refuse a huge file from its size on disk, before reading a byte of it.
  if (!isWithinImageSizeLimit(info.size)) throw new Error(MESSAGES.imageTooLarge)

  const bytes = await deps.readFile(path)
  // The extension filter is a hint to the user; the magic bytes decide (and re-check the size,
  // in case the file grew after the stat).
  const check = checkImage(bytes, '', source)
  if (!check.ok) throw new Error(check.message)
  return {
    name: basename(path),
    type: check.type,
    // A plain Uint8Array copy: it crosses IPC as is, without Buffer pooling artefacts.
    bytes: new Uint8Array(bytes)
  }
}

export function registerImagesIpc(handle: Handle, deps: ImagePickerDeps): void {
  handle('images:pick', imagePickSchema, (request) => pickImages(deps, request))
}
