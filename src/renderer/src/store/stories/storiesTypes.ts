// The stories store's shape and what its action modules share (storiesStore.ts builds it).

import type { StoreApi } from 'zustand/vanilla'
import type { ImageFile, PostRenditions } from '@shared/bridge-contract'
import type { LiveStory, StoryStripEntry, StoryViewer } from '@shared/domain'
import type { Services } from '../../services'

export interface StoriesViewerState {
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

export interface StoriesState {
  strip: StoryStripEntry[]
  /** False until the first strip read answers (the strip shows sample people meanwhile). */
  stripLoaded: boolean
  viewer: StoriesViewerState | null
  loadStrip(): Promise<void>
  openStories(userId: string): Promise<void>
  closeStories(): void
  next(): void
  previous(): void
  /** A swipe: straight to the next (or previous) person's stories. */
  nextPerson(): void
  previousPerson(): void
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
