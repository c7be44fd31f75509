// The stories store's shape and what its action modules share (storiesStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { ImageFile, PostRenditions } from '@shared/bridge-contract'
import type { LiveStory, Story, StoryStripEntry, StoryViewer } from '@shared/domain'
import type { Services } from '../../services'

export interface StoriesViewerState {
  /** Live stories of the strip, or the sample people's frames (storiesSources.ts). */
  source: 'live' | 'samples'
  /** The people the viewer walks through, in strip order when it opened. */
  people: string[]
  personIndex: number
  /** The current person's live stories, oldest first; empty while loading. */
  stories: LiveStory[]
  index: number
  status: 'loading' | 'ready' | 'error'
  error: string | null
  /** The story the next person's turn starts with, once read: the viewer decodes its photo. */
  upcoming: LiveStory | null
}

export interface NewStoryInput {
  image: ImageFile
  renditions?: PostRenditions
  text: string
  closeFriendsOnly?: boolean
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
}

/** What the stories store's action modules share. */
export interface StoriesContext {
  deps: StoriesDeps
  set: StoriesStore['setState']
  get: StoriesStore['getState']
}
