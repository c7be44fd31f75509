// The stories store's shape and what its action modules share (storiesStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { ImageFile, PostRenditions } from '@shared/bridge-contract'
import type { LiveStory, Story, StoryStripEntry, StoryViewer } from '@shared/domain'
import type { Services } from '../../services'

export interface StoriesViewerState {
  /**
   * Live stories of the strip, the sample people's frames, or a set of stories that stays as
   * it is, a highlight's or one's archive (storiesSources.ts); only live ones are marked seen.
   */
  source: 'live' | 'samples' | 'highlight' | 'archive'
  /**
   * What the viewer walks through, in order: people of the strip, or highlights (their ids),
   * or the archive (one key).
   */
  people: string[]
  /** A name for each of `people` shown instead of the author's (a highlight's); else null. */
  titles: string[] | null
  personIndex: number
  /** The current person's live stories, oldest first; empty while loading. */
  stories: LiveStory[]
  index: number
  status: 'loading' | 'ready' | 'error'
  error: string | null
  /** The story the next person's turn starts with, once read: the viewer decodes its photo. */
  upcoming: LiveStory | null
}

export interface StoryCollection {
  kind: 'highlight' | 'archive'
  /** The keys walked through (highlight ids, or one key for the archive). */
  keys: string[]
  /** Shown instead of the author's name for each key (highlight names). */
  titles?: string[]
  startIndex: number
  /** The stories of a key, oldest first. */
  read(key: string): Promise<LiveStory[]>
  /** The story to start at in the first key's stories (the archive's tapped one). */
  startStoryId?: string
}

export interface NewStoryInput {
  /** The photo, or a video story's poster frame. */
  image: ImageFile
  renditions?: PostRenditions
  /** A video story's converted clip (at most 60 s). */
  video?: { bytes: Uint8Array; type: string; durationMs: number }
  text: string
  closeFriendsOnly?: boolean
  /** Bytes stored so far of the story's objects. */
  onUploadProgress?(sentBytes: number, totalBytes: number): void
  /** Aborting before the story is saved stops its uploads and removes what they stored. */
  signal?: AbortSignal
}

/** What can pause the story on screen; it plays while none is on. */
export interface Playback {
  /** A press held on the photo. */
  held: boolean
  /** Space or the pause button. */
  toggled: boolean
  /** The owner's viewers list or delete confirmation, or a reply being written. */
  busy: boolean
  /** The report and block dialog over it. */
  options: boolean
}

/**
 * What a key did in the viewer: 'closed' (Escape left the stories), 'handled' (it moved or
 * paused), 'ignored' (a dialog over the viewer has the keys), null (not a viewer key).
 */
export type ViewerKeyOutcome = 'closed' | 'handled' | 'ignored' | null

export interface StoriesState {
  strip: StoryStripEntry[]
  /** False until the first strip read answers (the strip shows sample people meanwhile). */
  stripLoaded: boolean
  viewer: StoriesViewerState | null
  playback: Playback
  /** The sample stories seen in this session (their rings are grey), by story id. */
  samplesSeen: ReadonlySet<string>
  loadStrip(): Promise<void>
  openStories(userId: string): Promise<void>
  /** Opens the viewer on the sample people of the strip, from the one at `startIndex`. */
  openSamples(samples: readonly Story[], startIndex: number): Promise<void>
  /**
   * Opens the viewer on stories that are not the strip's: a row of highlights from the one at
   * `startIndex` (then on to the next), or one's archive at one story. Nothing is marked seen.
   */
  openCollection(collection: StoryCollection): Promise<void>
  closeStories(): void
  next(): void
  previous(): void
  /** A swipe: straight to the next (or previous) person's stories. */
  nextPerson(): void
  previousPerson(): void
  setPause(reason: keyof Playback, on: boolean): void
  togglePause(): void
  /** A press on the photo starts (it pauses while held). */
  press(x: number, time: number): void
  /** The press ends: a tap moves, a swipe changes person, a hold only paused. */
  release(x: number, time: number, box: { left: number; width: number }): void
  /** The press was taken away (the pointer was cancelled): only the pause ends. */
  cancelPress(): void
  viewerKey(key: string): ViewerKeyOutcome
  postStory(input: NewStoryInput): Promise<LiveStory>
  deleteStory(story: LiveStory): Promise<void>
  fetchViewers(story: LiveStory): Promise<StoryViewer[]>
  clear(): void
}

export type StoriesStore = StoreApi<StoriesState>

export interface StoriesDeps {
  stories: Services['stories']
  getUserId(): string | null
  /** A story of one's own was deleted (the archive and highlights drop it). */
  onStoryDeleted?(story: LiveStory): void
}

/** What the stories store's action modules share. */
export interface StoriesContext {
  deps: StoriesDeps
  set: StoriesStore['setState']
  get: StoriesStore['getState']
}
