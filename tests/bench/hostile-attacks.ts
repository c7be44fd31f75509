// The hostile requests: each one request (or one burst) that an outsider
// can send to a local backend, with the anon key, as a signed-in user, or as a foreign web page
// (no key at all). Every attack resolves with a short status ("400", "201 × 20", "7 sockets,
// 0 joins accepted") and whether it was refused, and never runs longer than ATTACK_TIMEOUT_MS on
// the client side (hostile-client.ts).

import {
  realtimeJoins,
  rest,
  restBurst,
  settle,
  signIns,
  terms,
  type Attack,
  type Target
} from './hostile-client'

export { ATTACK_TIMEOUT_MS, type Attack, type Target } from './hostile-client'

const WFTS_OR = `posts?select=id&or=(${terms(32, (i) => `caption.wfts.w${i}`)})`
const TEN_MB_ARGUMENT = JSON.stringify({ query: 'a'.repeat(10 * 1024 * 1024), max_rows: 1 })

/** The words the post's author hides; the seeded comments use them (hostile.ts). */
export const HIDDEN_WORDS = Array.from({ length: 20 }, (_, i) => `hostileword${i}`)

/** A post as its author, and what the insert answered. */
async function publishPost(t: Target, caption: string): Promise<string> {
  const { status } = await rest(t, 'posts', {
    method: 'POST',
    token: t.userToken,
    prefer: 'return=minimal',
    body: {
      user_id: t.userId,
      image_url: `${t.url}/storage/v1/object/public/images/posts/${t.userId}/h.png`,
      caption
    }
  })
  return status
}

const REST_ATTACKS: Attack[] = [
  {
    name: 'REST `match` with a backreference on a 2,001-character comment',
    run: (t) =>
      rest(t, `comments?select=id&body=match.${encodeURIComponent('^(a*)(a*)\\1\\2\\1\\2a$')}`)
  },
  {
    name: 'REST `or=` of 720 `ilike` terms',
    run: (t) => rest(t, `posts?select=id&or=(${terms(720, (i) => `caption.ilike.*x${i}*`)})`)
  },
  {
    name: 'REST `ilike` with 7,000 wildcards',
    run: (t) => rest(t, `posts?select=id&caption=ilike.${'*a'.repeat(3_500)}`)
  },
  {
    name: 'REST ten sibling to-many embeds',
    run: (t) =>
      rest(t, `profiles?select=id,${terms(10, (i) => `p${i}:posts(id,caption,image_url)`)}`)
  },
  {
    name: 'REST `in.()` with 5,000 ids',
    run: (t) =>
      rest(
        t,
        `posts?select=id&id=in.(${terms(5_000, () => '00000000-0000-4000-8000-000000000000')})`
      )
  },
  {
    name: 'REST `count=exact` over every post, sorted by caption, deep offset',
    run: (t) =>
      rest(t, 'posts?select=id&order=caption.desc&offset=19000&limit=1000', {
        prefer: 'count=exact'
      })
  },
  {
    name: 'REST one POST of 300 comments, each @mentioning 55 users (signed in)',
    run: (t) => {
      const mentions = t.usernames
        .slice(0, 55)
        .map((u) => `@${u}`)
        .join(' ')
      const rows = Array.from({ length: 300 }, () => ({
        post_id: t.postId,
        user_id: t.userId,
        body: mentions.slice(0, 2_200)
      }))
      return rest(t, 'comments', {
        method: 'POST',
        body: rows,
        token: t.userToken,
        prefer: 'return=minimal,tx=rollback'
      })
    }
  },
  { name: 'REST `or=` of 32 `wfts` terms', run: (t) => rest(t, WFTS_OR) },
  {
    name: 'REST `or=` of 32 `wfts` terms as an `<img src>` on a foreign page (no apikey)',
    webPage: true,
    run: (t) => rest(t, WFTS_OR, { asWebPage: true })
  },
  {
    name: 'REST `posts?select=id,profiles(id,posts(id,profiles(id)))&limit=1000`',
    run: (t) => rest(t, 'posts?select=id,profiles(id,posts(id,profiles(id)))&limit=1000')
  },
  {
    name: 'REST `match.(.*){1,200}zq` over 4,600 comments',
    run: (t) => rest(t, `comments?select=id&body=match.${encodeURIComponent('(.*){1,200}zq')}`)
  },
  {
    name: 'REST rpc with a 10 MB argument',
    run: (t) => rest(t, 'rpc/search_profiles', { method: 'POST', rawBody: TEN_MB_ARGUMENT })
  },
  {
    name: "REST rpc with a 10 MB argument from a foreign page's form (no apikey)",
    webPage: true,
    run: (t) =>
      rest(t, 'rpc/search_profiles', { method: 'POST', rawBody: TEN_MB_ARGUMENT, asWebPage: true })
  }
]

const OTHER_ATTACKS: Attack[] = [
  { name: 'Auth: 10 concurrent password sign-ins', run: (t) => signIns(t, 10) },
  { name: 'Auth: 30 concurrent password sign-ins', run: (t) => signIns(t, 30) },
  {
    name: 'REST 20 `hide_comments` word filters at once on a post with 4,600 comments (its author)',
    run: (t) =>
      restBurst(t, HIDDEN_WORDS.length, (i) => ({
        path: 'word_filters',
        init: {
          method: 'POST',
          token: t.userToken,
          prefer: 'return=minimal',
          body: { user_id: t.userId, kind: 'hide_comments', word: HIDDEN_WORDS[i] }
        }
      }))
  },
  {
    name: 'Realtime: 7 anonymous sockets × 100 channels × 100 filters',
    run: async (t) => {
      const { joins, close } = await realtimeJoins(t, 7, 100, (c) =>
        Array.from({ length: 100 }, (_, i) => ({
          event: '*',
          schema: 'public',
          table: 'posts',
          filter: `caption=eq.${c}-${i}`
        }))
      )
      close()
      return {
        status: `${joins.sockets} sockets, ${joins.ok} joins accepted, ${joins.refused} refused`,
        refused: joins.ok === 0
      }
    }
  },
  {
    name: 'Realtime: a backreference filter, then a post is published',
    run: async (t) => {
      const { joins, close } = await realtimeJoins(t, 1, 1, () => [
        {
          event: 'INSERT',
          schema: 'public',
          table: 'posts',
          filter: 'caption=match.^(a*)(a*)\\1\\2\\1\\2a$'
        }
      ])
      const status = await publishPost(t, 'a'.repeat(400))
      await settle()
      close()
      return {
        status: `join ${joins.ok === 1 ? 'accepted' : 'refused'}, insert ${status}`,
        refused: joins.ok === 0
      }
    }
  },
  {
    name: 'Realtime: 100 `match` filters on comments, then one comment',
    run: async (t) => {
      const { joins, close } = await realtimeJoins(t, 1, 1, () =>
        Array.from({ length: 100 }, (_, i) => ({
          event: 'INSERT',
          schema: 'public',
          table: 'comments',
          filter: `body=match.${i}(.*){1,50}$`
        }))
      )
      const { status } = await rest(t, 'comments', {
        method: 'POST',
        token: t.userToken,
        prefer: 'return=minimal',
        body: { post_id: t.postId, user_id: t.userId, body: 'x'.repeat(2_000) }
      })
      await settle()
      close()
      return {
        status: `join ${joins.ok === 1 ? 'accepted' : 'refused'}, insert ${status}`,
        refused: joins.ok === 0
      }
    }
  }
]

export const ATTACKS: Attack[] = [...REST_ATTACKS, ...OTHER_ATTACKS]
