// The people store's shape (peopleStore.ts builds it from the modules of this folder, one concern
// each: following.ts, peopleLists.ts, profileActions.ts, profileEditing.ts).

import type { StoreApi } from 'zustand/vanilla'
import type { ConnectionDirection, PersonSummary, Post, Profile } from '@shared/domain'
import type { ImageFile } from '@shared/bridge-contract'
import type { ProfileChanges, ProfileCounts } from '../../services/types'
import type { Services } from '../../services'
import type { ActionQueue } from '../../offline/outbox/outboxStore'
import type { SavedAnswers } from '../../offline/cache/savedAnswers'
import type { PostsStore } from '../posts/postsStore'
import type { ProfilePage } from './profilePage'
import type { Text } from '../../i18n/phrase'
import type { ConnectionRow, Person, SuggestionRow } from './personEntities'

export interface ConnectionsList {
  /** `${profileId}/${direction}/${query}`: a new key starts a new list. */
  key: string
  rows: ConnectionRow[]
  hasMore: boolean
  loading: boolean
  error: Text | null
}

export interface SearchResults {
  query: string
  status: 'idle' | 'loading' | 'ready' | 'failed'
  /** The people found, by id. */
  results: string[]
}

export interface PeopleDeps {
  people: Services['people']
  /** Where the profile grid's posts live (the page holds their ids), and their authors. */
  posts: PostsStore
  getUserId(): string | null
  /** The signed-in user's username, also when their profile row could not be read. */
  getOwnUsername?(): string | null
  /** Told after a follow or unfollow succeeded (the Following feed is then out of date). */
  onFollowChanged?(): void
  /** Where opened profiles are saved for offline use. */
  saved?: SavedAnswers
  /** Where a follow waits when the network is down; without it every follow is sent at once. */
  queue?: ActionQueue
}

export interface PeopleState {
  /** Everyone shown anywhere, once: the lists below hold their ids. */
  byId: Readonly<Record<string, Person>>
  followedIds: ReadonlySet<string>
  /** Among the people shown, who follows the signed-in user ("Follows you", "Follow back"). */
  followerIds: ReadonlySet<string>
  /** Private accounts the signed-in user asked to follow, waiting for their answer. */
  requestedIds: ReadonlySet<string>
  pendingIds: ReadonlySet<string>
  /** The latest known followers_count per person (server answers and optimistic changes). */
  followerCounts: Readonly<Record<string, number>>
  /** Change in the signed-in user's following_count since their profile was read. */
  ownFollowingDelta: number
  page: ProfilePage | null
  suggestions: SuggestionRow[]
  suggestionsStatus: 'idle' | 'loading' | 'ready' | 'failed'
  list: ConnectionsList | null
  /** The last follow or unfollow that failed, for the user to read. */
  followError: Text | null
  search: SearchResults
  /** Takes people read from the server (who they are; counts go through `learn`). */
  put(people: readonly Person[]): void
  /**
   * A person changed their name, avatar or bio: every view of them follows (rows, the profile
   * page, the headers of their posts).
   */
  personChanged(person: Person): void
  /** Searches people; a newer query's answer replaces an older one's, never the reverse. */
  searchPeople(query: string): Promise<void>
  loadProfile(username: string): Promise<void>
  /** Reads the next page of the shown profile's grid. */
  loadMorePosts(): Promise<void>
  loadSuggestions(limit: number): Promise<void>
  loadConnections(
    profileId: string,
    direction: ConnectionDirection,
    query: string,
    more?: boolean
  ): Promise<void>
  /** Learns which of these people the signed-in user follows, and their follower counts. */
  learn(people: Pick<PersonSummary, 'id' | 'followers_count'>[]): Promise<void>
  /** Learns, for these people, whether the user follows them and whether they follow the user. */
  learnFollowState(ids: string[]): Promise<void>
  setFollowing(person: Pick<PersonSummary, 'id' | 'followers_count'>, on: boolean): Promise<void>
  /** Withdraws a follow request (the button says "Requested"). */
  withdrawRequest(personId: string): Promise<void>
  /** Learns whether the signed-in user asked to follow this private account. */
  learnRequested(personId: string, requested: boolean): void
  /**
   * Saves the signed-in user's profile: the avatar first (when a new one was made), then the
   * fields. Returns the saved row; throws an Error a user can read.
   */
  saveProfile(changes: ProfileChanges, avatar: ImageFile | null): Promise<Profile>
  /** One's own new post: at the top of one's own profile page, if it is open. */
  postCreated(post: Post): void
  /** A post was deleted: it leaves the grid, and the count goes down. */
  postRemoved(postId: string): void
  /**
   * One's own post was archived, restored, pinned or unpinned (the posts store holds its new
   * state): it takes its place in one's grid, if open, and the count moves by `countChange`.
   */
  postCurated(post: Post, countChange: number): void
  /** Why the signed-in user cannot take `username` (format, or taken), or null. */
  usernameProblem(username: string): Promise<string | null>
  /** A person's counts changed on the server (someone followed or unfollowed them). */
  countsChanged(counts: ProfileCounts): void
  /** Re-reads the shown profile's counts (after a gap in the live updates), leaving the rest. */
  refreshCounts(): Promise<void>
  reset(): void
}

export type PeopleStore = StoreApi<PeopleState>
export type SetPeople = PeopleStore['setState']
export type GetPeople = PeopleStore['getState']
