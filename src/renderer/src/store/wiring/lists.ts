// The stores that hold lists of posts by id (both feeds, Saved, a hashtag's page, profiles, the
// open post, the cards' latest comments and likers), built over the one posts store and wired
// to each other: a page of either feed reads its saved states, latest comments and people tags
// along, and one's new post goes on top of the feed and one's grid.

import type { Api } from '@shared/bridge-contract'
import type { Post } from '@shared/domain'
import type { Services } from '../../services'
import { cacheKeys } from '../../offline/cache/savedAnswers'
import { previewPost } from '../../offline/outbox/previews'
import type { AppStores } from '../appStores'
import { createBrowseStore } from '../browse/browseStore'
import { createExploreStore } from '../explore/exploreStore'
import { createReelsStore } from '../reels/reelsStore'
import { createCommentPreviewStore } from '../commentPreviews/commentPreviewStore'
import { createFeedStore, type FeedDeps } from '../feed/feedStore'
import { createLikersStore } from '../likers/likersStore'
import { createPostStore } from '../openPost/openPostStore'
import { createPeopleStore } from '../people/peopleStore'
import type { PeopleTagsStore } from '../peopleTags/peopleTagsStore'
import type { PostsStore } from '../posts/postsStore'
import { createSavedStore } from '../saved/savedStore'
import { selectAuthor, selectOwnUsername } from '../session/sessionStore'
import type { Foundation } from './foundation'

export type ListStores = Pick<
  AppStores,
  | 'feed'
  | 'followingFeed'
  | 'saved'
  | 'browse'
  | 'explore'
  | 'reels'
  | 'people'
  | 'post'
  | 'commentPreviews'
  | 'likers'
>

/** What both feeds share: creation through main, the page extras, the outbox, the user. */
function feedDeps(
  api: Api,
  base: Foundation,
  posts: PostsStore,
  pageExtras: FeedDeps['pageExtras']
): Omit<FeedDeps, 'feed' | 'cacheKey' | 'onPostCreated'> {
  return {
    posts,
    createPost: (input) => api.posts.create(input),
    pageExtras,
    getUserId: base.getUserId,
    saved: base.answers,
    // Likes and new posts wait in the outbox when the network is down, a new post as a preview.
    outbox: {
      queue: base.queue,
      preview: (input): Post =>
        previewPost(
          input,
          base.getUserId() ?? '',
          selectAuthor(base.session.getState()),
          Date.now()
        )
    }
  }
}

export function createLists(
  api: Api,
  services: Services,
  base: Foundation,
  posts: PostsStore,
  peopleTags: PeopleTagsStore
): ListStores {
  const { getUserId, queue, answers } = base
  const commentPreviews = createCommentPreviewStore(services.comments)
  const saved = createSavedStore({ saves: services.saves, getUserId, queue, posts })
  // Saved state, the latest comments and people tags are read with each page of either feed.
  const pageExtras = async (page: Post[]): Promise<void> => {
    await Promise.all([
      saved.getState().prefetch(page.map((item) => item.id)),
      commentPreviews.getState().prefetch(page),
      peopleTags.getState().prefetch(page.map((item) => item.id))
    ])
  }
  const shared = feedDeps(api, base, posts, pageExtras)
  // Your own new post is not in your Following feed, so it needs no onPostCreated.
  const followingFeed = createFeedStore({
    ...shared,
    feed: services.followingFeed,
    cacheKey: cacheKeys.followingFeed
  })
  const people = createPeopleStore({
    people: services.people,
    posts,
    getUserId,
    getOwnUsername: () => selectOwnUsername(base.session.getState()),
    saved: answers,
    queue,
    onFollowChanged: () => followingFeed.getState().invalidate()
  })
  const feed = createFeedStore({
    ...shared,
    feed: services.feed,
    cacheKey: cacheKeys.feed,
    onPostCreated: (post) => {
      people.getState().postCreated(post)
      // Nobody has saved one's brand-new post yet, it has no comments to preview, and the
      // people tagged on it (if any) are added, and read, after it is created.
      saved.getState().markUnsaved([post.id])
      peopleTags.getState().markUntagged([post.id])
    }
  })
  const post = createPostStore({
    postData: services.posts,
    comments: services.comments,
    postComments: services.live.postComments,
    getUserId,
    posts,
    saved: answers,
    queue,
    getAuthor: () => selectAuthor(base.session.getState()),
    onPostChanged: (changed) => commentPreviews.getState().refresh(changed.id),
    onCommentAdded: (comment) => commentPreviews.getState().show(comment)
  })
  const browse = createBrowseStore({
    posts: services.posts,
    hashtags: services.hashtags,
    places: services.places,
    entities: posts
  })
  const explore = createExploreStore({ explore: services.explore, entities: posts })
  const reels = createReelsStore({
    reels: services.reels,
    posts: services.posts,
    entities: posts
  })
  const likers = createLikersStore({ likes: services.likes, people })
  return {
    feed,
    followingFeed,
    saved,
    browse,
    explore,
    reels,
    people,
    post,
    commentPreviews,
    likers
  }
}
