// People tags and hashtag suggestions as the renderer calls them. The module is loaded with
// the first call (a card asking for its tags), so the start does not parse it.

import type { ClientProvider, Services } from './index'

const peopleTags = (): Promise<typeof import('@shared/data/people-tags')> =>
  import('@shared/data/people-tags')

export function createPeopleTagsServices(getClient: ClientProvider): Services['peopleTags'] {
  const call = async <R>(
    run: (
      data: Awaited<ReturnType<typeof peopleTags>>,
      client: Awaited<ReturnType<ClientProvider>>
    ) => Promise<R>
  ): Promise<R> => run(await peopleTags(), await getClient())
  return {
    add: (postId, tags) => call((data, client) => data.addPeopleTags(client, postId, tags)),
    fetch: (postIds) => call((data, client) => data.fetchPeopleTags(client, postIds)),
    approve: (postId, userId) =>
      call((data, client) => data.approvePeopleTag(client, postId, userId)),
    remove: (postId, userId) =>
      call((data, client) => data.removePeopleTag(client, postId, userId)),
    taggedPosts: (userId, options) =>
      call((data, client) => data.fetchTaggedPosts(client, userId, options)),
    searchHashtags: (prefix, limit) =>
      call((data, client) => data.searchHashtags(client, prefix, limit)),
    setManualApproval: (userId, on) =>
      call((data, client) => data.setManualTagApproval(client, userId, on))
  }
}
