// Posts as the renderer calls them: the two feeds and the posts seen in them, Explore, Reels, likes and likers, one post, a
// hashtag's page and followed hashtags, places, the author's edits, comments and their likes,
// saves and collections. Every row that carries a photo comes back with its storage URLs on the
// backend in use (storage-urls.ts).

import type { SupabaseClient } from '@supabase/supabase-js'
import type { Post } from '@shared/domain'
import {
  latestComments,
  addComment,
  commentById,
  commentsPage,
  deleteComment
} from '@shared/data/comments'
import { likedCommentIds, setCommentLike } from '@shared/data/comment-likes'
import { fetchExplorePage } from '@shared/data/explore'
import { fetchProfileReels, fetchReelsPage } from '@shared/data/reels'
import { markPostsSeen } from '@shared/data/seen-posts'
import { fetchFeedNewer, fetchFeedPage } from '@shared/data/feed'
import { fetchFollowingFeedNewer, fetchFollowingFeedPage } from '@shared/data/follows'
import type { Page } from '@shared/data/keyset'
import { likeHighlights, likedPostIds, likersPage, setPostLike } from '@shared/data/likes'
import { postById, postCounts, tagPage } from '@shared/data/post-reads'
import { followedTags, setTagFollowed, tagSummary, tagTopPosts } from '@shared/data/hashtags'
import { placePage, placeSummary, searchPlaces } from '@shared/data/places'
import { archivedPage, setPostArchived, setPostPinned } from '@shared/data/post-curation'
import { savedPage, savedPostIds, savePost, unsavePost } from '@shared/data/saves'
import {
  collectionPage,
  collectionsHolding,
  createCollection,
  deleteCollection,
  fetchCollections,
  removeFromCollection,
  renameCollection,
  saveToCollection
} from '@shared/data/save-collections'
import { withCurrentImageOrigin } from '@shared/data/storage-urls'
import type { Bind } from './binding'
import { later } from './lazy'

// Editing or deleting one's post loads with its first use (the edit form, a confirmed delete).
const postEdits = (): Promise<typeof import('@shared/data/post-edits')> =>
  import('@shared/data/post-edits')

/** A read of a page of posts, its photos' URLs made those of the backend in use. */
const rebased =
  <A extends unknown[]>(read: (client: SupabaseClient, ...args: A) => Promise<Page<Post>>) =>
  async (client: SupabaseClient, ...args: A): Promise<Page<Post>> => {
    const page = await read(client, ...args)
    return { ...page, items: page.items.map((post) => withCurrentImageOrigin(client, post)) }
  }

export function createPostServices(bind: Bind) {
  return {
    feed: { fetchPage: bind(fetchFeedPage), fetchNewer: bind(fetchFeedNewer) },
    /** The Following tab: the same shape as `feed`, over the posts of people you follow. */
    followingFeed: {
      fetchPage: bind(fetchFollowingFeedPage),
      fetchNewer: bind(fetchFollowingFeedNewer)
    },
    /** Explore: posts from people you don't follow, ranked by the database, a visit's pages. */
    explore: { page: bind(fetchExplorePage) },
    /** The cards the reader has had in view, sent in batches (seen-posts.ts). */
    seenPosts: { mark: bind(markPostsSeen) },
    /** Reels: video posts of people followed and of others, newest first. */
    reels: { page: bind(fetchReelsPage), ofProfile: bind(fetchProfileReels) },
    likes: {
      likedPostIds: bind(likedPostIds),
      setLike: bind(setPostLike),
      /** Who liked a post, newest like first, a page at a time. */
      likers: bind(likersPage),
      /** The liker each card names, by post id. */
      highlights: bind(likeHighlights)
    },
    posts: {
      byId: bind(async (client, postId: string) =>
        withCurrentImageOrigin(client, await postById(client, postId))
      ),
      /** One post's like and comment counts alone (the posts store reads them to converge). */
      counts: bind(postCounts),
      /** A hashtag's posts, newest first. */
      tagPage: bind(rebased(tagPage)),
      edit: bind(later(postEdits, 'editPost')),
      remove: bind(later(postEdits, 'deletePost'))
    },
    /** A hashtag page's header and top posts, and the reader's followed hashtags. */
    hashtags: {
      summary: bind(tagSummary),
      topPosts: bind(async (client, tag: string) =>
        (await tagTopPosts(client, tag)).map((post) => withCurrentImageOrigin(client, post))
      ),
      followed: bind(followedTags),
      setFollowed: bind(setTagFollowed)
    },
    /** Places: the location picker's and the Places tab's search, and a place's page. */
    places: {
      search: bind(searchPlaces),
      summary: bind(placeSummary),
      page: bind(rebased(placePage))
    },
    /** The author's Archive and pins: archive or show again, pin or unpin, the archived posts. */
    curation: {
      setArchived: bind(setPostArchived),
      setPinned: bind(setPostPinned),
      archivedPage: bind(rebased(archivedPage))
    },
    comments: {
      page: bind(commentsPage),
      /** One comment with its author (a live new comment read back). */
      byId: bind(commentById),
      add: bind(addComment),
      remove: bind(deleteComment),
      /** The latest comments of each post, for the cards. */
      latest: bind(latestComments),
      likedIds: bind(likedCommentIds),
      setLike: bind(setCommentLike)
    },
    saves: {
      save: bind(savePost),
      unsave: bind(unsavePost),
      savedIds: bind(savedPostIds),
      /** The signed-in user's Saved tab, most recently saved first. */
      page: bind(rebased(savedPage))
    },
    /** The signed-in user's collections of saved posts. */
    collections: {
      list: bind(fetchCollections),
      create: bind(createCollection),
      rename: bind(renameCollection),
      remove: bind(deleteCollection),
      /** Saves the post too, in the same transaction. */
      add: bind(saveToCollection),
      /** Takes a post out of one collection; it stays saved. */
      take: bind(removeFromCollection),
      holding: bind(collectionsHolding),
      page: bind(rebased(collectionPage))
    }
  }
}

export type PostServices = ReturnType<typeof createPostServices>
