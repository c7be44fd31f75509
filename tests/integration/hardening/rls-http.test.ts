// The RLS matrix over HTTP with the unmodified supabase-js client, on PGlite and PostgreSQL:
// anon, user A and user B against every table, write operation and column, and every function
// the REST API offers as rpc. Each refused write must come back with PostgREST's status (401
// for anon and 403 for a user on 42501, or 0 rows affected) and leave every table as it was,
// which is checked with SQL as the database owner, not through the API under attack.
// tests/integration/db/rls.test.ts proves the same policies at the SQL level; this proves the
// HTTP layer (role from the JWT, claims, column lists, upsert, count) adds no way around them.

import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import type { Queryable } from '../../../src/backend/db/database'
import { loadSchemaCache } from '../../../src/backend/rest'
import { signUpAndIn, type Harness } from '../../support/backend-harness'
import { fingerprint } from '../../support/attacks'
import { describeEachBackend } from '../../support/database-suite'

interface Actor {
  name: 'anon' | 'A' | 'B'
  client: SupabaseClient
  /** The user's id; null for anon. */
  id: string | null
}

interface World {
  users: Record<'A' | 'B', { id: string; post: string; like: string }>
}

type Outcome = 'denied' | 'zero rows'
interface Attack {
  what: string
  /** What a user gets (anon always gets 401 or 0 rows, see anonOutcome). */
  user: Outcome
  anon: Outcome
  run(
    actor: Actor,
    me: World['users']['A'],
    other: World['users']['A']
  ): PromiseLike<{
    error: { code?: string } | null
    status: number
    count?: number | null
  }>
}

const IMAGE = 'http://127.0.0.1/storage/v1/object/public/images/posts/x/1-a.png'

const ATTACKS: Attack[] = [
  {
    what: 'insert a profile for another user',
    user: 'denied',
    anon: 'denied',
    run: (a, _me, other) => a.client.from('profiles').insert({ id: other.id, username: 'takeover' })
  },
  {
    what: "update another user's profile",
    user: 'zero rows',
    anon: 'denied',
    run: (a, _me, other) =>
      a.client
        .from('profiles')
        .update({ full_name: 'pwned' }, { count: 'exact' })
        .eq('id', other.id)
  },
  {
    what: "delete another user's profile",
    user: 'zero rows',
    anon: 'zero rows',
    run: (a, _me, other) => a.client.from('profiles').delete({ count: 'exact' }).eq('id', other.id)
  },
  {
    what: 'insert a post on behalf of another user',
    user: 'denied',
    anon: 'denied',
    run: (a, _me, other) =>
      a.client.from('posts').insert({ user_id: other.id, image_url: IMAGE, caption: 'forged' })
  },
  {
    what: 'insert an own post with likes_count preset',
    user: 'denied',
    anon: 'denied',
    run: (a, me) =>
      a.client
        .from('posts')
        .insert({ user_id: me.id, image_url: IMAGE, caption: 'x', likes_count: 1000000 })
  },
  {
    what: 'update posts set likes_count (own post)',
    user: 'denied',
    anon: 'denied',
    run: (a, me) =>
      a.client.from('posts').update({ likes_count: 1000000 }, { count: 'exact' }).eq('id', me.post)
  },
  {
    what: 'update posts set user_id (move own post to the other user)',
    user: 'denied',
    anon: 'denied',
    run: (a, me, other) =>
      a.client.from('posts').update({ user_id: other.id }, { count: 'exact' }).eq('id', me.post)
  },
  {
    what: "update posts set user_id (take the other user's post)",
    user: 'denied',
    anon: 'denied',
    run: (a, me, other) =>
      a.client
        .from('posts')
        .update({ user_id: me.id ?? other.id }, { count: 'exact' })
        .eq('id', other.post)
  },
  {
    what: "update the caption of another user's post",
    user: 'zero rows',
    anon: 'denied',
    run: (a, _me, other) =>
      a.client.from('posts').update({ caption: 'pwned' }, { count: 'exact' }).eq('id', other.post)
  },
  {
    what: "delete another user's post",
    user: 'zero rows',
    anon: 'zero rows',
    run: (a, _me, other) => a.client.from('posts').delete({ count: 'exact' }).eq('id', other.post)
  },
  {
    what: "upsert over another user's post (on_conflict id)",
    user: 'denied',
    anon: 'denied',
    run: (a, me, other) =>
      a.client
        .from('posts')
        .upsert({ id: other.post, user_id: me.id ?? other.id, image_url: IMAGE, caption: 'x' })
  },
  {
    what: 'insert a like on behalf of another user',
    user: 'denied',
    anon: 'denied',
    run: (a, me, other) => a.client.from('likes').insert({ user_id: other.id, post_id: me.post })
  },
  {
    what: 'update a like (move it to another post)',
    user: 'denied',
    anon: 'denied',
    run: (a, me, other) =>
      a.client.from('likes').update({ post_id: other.post }, { count: 'exact' }).eq('id', me.like)
  },
  {
    what: "delete another user's like",
    user: 'zero rows',
    anon: 'zero rows',
    run: (a, _me, other) => a.client.from('likes').delete({ count: 'exact' }).eq('id', other.like)
  },
  {
    what: 'insert a follow on behalf of another user',
    user: 'denied',
    anon: 'denied',
    run: (a, me, other) =>
      a.client.from('follows').insert({ follower_id: other.id, following_id: me.id ?? other.id })
  },
  {
    what: 'update a follow',
    user: 'denied',
    anon: 'denied',
    run: (a, me, other) =>
      a.client
        .from('follows')
        .update({ following_id: me.id ?? other.id }, { count: 'exact' })
        .eq('follower_id', other.id)
  },
  {
    what: "delete another user's follow",
    user: 'zero rows',
    anon: 'zero rows',
    run: (a, _me, other) =>
      a.client.from('follows').delete({ count: 'exact' }).eq('follower_id', other.id)
  }
]

/** The columns a signed-in user may update on their own row; everything else is refused. */
const UPDATABLE: Record<string, string[]> = {
  profiles: ['username', 'full_name', 'avatar_url', 'bio', 'is_private', 'manually_approve_tags'],
  posts: [
    'caption',
    'alt_text',
    'location',
    'is_sensitive',
    'sensitive_reason',
    'comments_disabled',
    'hide_like_count',
    'archived_at',
    'pinned_at',
    'pin_slot'
  ],
  likes: [],
  follows: [],
  comments: [],
  saves: []
}
const OWNER_COLUMN: Record<string, string> = {
  profiles: 'id',
  posts: 'user_id',
  likes: 'user_id',
  follows: 'follower_id',
  comments: 'user_id',
  saves: 'user_id'
}

/**
 * Every function the REST API offers as rpc, with why it is safe. A new function in the
 * exposed schema fails this suite until someone reviews it and adds it here. A reason that
 * starts with "SECURITY DEFINER, reviewed" is the only way a reachable function may run as its
 * owner: it must then say what it checks before it does anything the caller's policies would
 * not allow, and it must pin an empty search_path.
 */
const REVIEWED_RPCS: Record<string, string> = {
  feed_page: 'SECURITY INVOKER, STABLE, page size clamped to 1..100: posts policies apply',
  feed_page_newer: 'SECURITY INVOKER, STABLE, page size clamped to 1..100: posts policies apply',
  mark_story_seen:
    'SECURITY INVOKER: inserts only the caller’s own view, and the story_views policy admits it ' +
    'only on a live story the caller can see',
  story_clock:
    'SECURITY INVOKER, STABLE, reads only the time: the earlier of now() and app.story_now, ' +
    'which no API request can set',
  story_strip: 'SECURITY INVOKER, STABLE: the stories and story_views policies decide every row',
  live_stories_of:
    'SECURITY INVOKER, STABLE, not granted to anon: one person’s live stories; the stories ' +
    'policies decide every row',
  profile_highlights:
    'SECURITY INVOKER, STABLE, not granted to anon, at most 200 rows: the story_highlights, ' +
    'story_highlight_items and stories policies decide every row and cover',
  highlight_stories:
    'SECURITY INVOKER, STABLE, not granted to anon: the story_highlight_items and stories ' +
    'policies decide every row',
  create_story_highlight:
    'SECURITY DEFINER, reviewed: second factor and suspension checked first; makes a highlight ' +
    'owned by the caller (auth.uid()) of 1 to 100 of the caller’s own stories, a 1–32 character name',
  edit_story_highlight:
    'SECURITY DEFINER, reviewed: second factor and suspension checked first; changes only a ' +
    'highlight owned by the caller, to 1 to 100 of the caller’s own stories',
  reorder_story_highlights:
    'SECURITY DEFINER, reviewed: second factor and suspension checked first; sets the positions ' +
    'of the caller’s own highlights only',
  save_to_collection:
    'SECURITY INVOKER, not granted to anon: saves the post and files it through the saves and ' +
    'save_collection_items policies (the caller’s own save, collection and a post they see)',
  create_save_collection:
    'SECURITY INVOKER, not granted to anon: inserts the caller’s collection through the ' +
    'save_collections policies and trigger (name, cap), then files the post as save_to_collection',
  saved_collections:
    'SECURITY INVOKER, STABLE, not granted to anon, at most 100 rows: the caller’s own ' +
    'save_collections, covers under the save_collection_items and posts policies',
  set_post_like:
    'SECURITY INVOKER, authenticated only: writes the caller’s own like through the likes policies',
  create_post:
    'SECURITY INVOKER, authenticated only: inserts the caller’s post and photos through the posts ' +
    'and post_images policies, photos only from the caller’s own storage folder',
  edit_post:
    'SECURITY INVOKER, authenticated only: updates caption, alt text and location through the ' +
    'posts and post_images policies (the author only)',
  latest_comments:
    'SECURITY INVOKER, STABLE, at most 100 posts and 10 comments each: comments policies apply',
  tag_page:
    'SECURITY INVOKER, STABLE, page size clamped to 1..100: posts policies apply, and the ' +
    'caller’s own mutes, settings and words (each under its policy)',
  place_page:
    'SECURITY INVOKER, STABLE, page size clamped to 1..100: posts policies apply, and the ' +
    'caller’s own mutes, settings and words (each under its policy)',
  place_summary:
    'SECURITY INVOKER, STABLE, one row: the place (places policies) and a count of its posts ' +
    'under the posts policies and the caller’s own mutes, settings and words',
  search_places:
    'SECURITY INVOKER, STABLE, at most 50 rows: places policies apply (anyone reads places)',
  explore_page:
    'SECURITY INVOKER, STABLE, page size clamped to 1..30, at most 360 candidates: posts ' +
    'policies apply, and the caller’s own follows, settings and words (each under its policy)',
  reels_page:
    'SECURITY INVOKER, STABLE, page size clamped to 1..30: posts policies apply, and the ' +
    'caller’s own follows, mutes, settings and words (each under its policy)',
  tag_summary:
    'SECURITY INVOKER, STABLE, one row: counts post_tags and posts under their policies, and ' +
    'whether the caller follows the tag (followed_tags policies: their own rows only)',
  tag_top_posts:
    'SECURITY INVOKER, STABLE, page size clamped to 1..30, at most 360 candidates: posts ' +
    'policies apply, and the caller’s own settings and words (each under its policy)',
  followed_tag:
    'SECURITY INVOKER, STABLE, computed column of posts: the caller’s own followed_tags and ' +
    'follows (their policies) against the post’s post_tags',
  seen:
    'SECURITY INVOKER, STABLE, computed column of posts: the caller’s own seen_posts rows ' +
    '(their policy; none for a visitor)',
  mark_posts_seen:
    'SECURITY INVOKER, at most 100 ids: inserts into seen_posts under its policies (own rows, ' +
    'posts the caller sees, second factor, suspension); the prune trigger keeps 7 days / 2,000 rows',
  tagged_page:
    'SECURITY INVOKER, STABLE, page size clamped to 1..100: post_people_tags and posts policies apply',
  search_hashtags:
    'SECURITY INVOKER, STABLE, at most 20 rows: post_tags policies (with their posts) apply',
  is_storage_public_url:
    'SECURITY INVOKER, IMMUTABLE, reads no table: whether a text has the shape of a storage URL',
  activity_page:
    'SECURITY INVOKER, STABLE, page size clamped to 1..100, not granted to anon: notifications policies apply',
  fold_search_text: 'IMMUTABLE, reads no table: the lower-cased, unaccented form of a text',
  following_feed_page:
    'SECURITY INVOKER, STABLE, page size clamped: posts of people and hashtags the caller ' +
    'follows (at most 100 tags, a page each), posts policies apply',
  following_feed_page_newer:
    'SECURITY INVOKER, STABLE, page size clamped: posts of people and hashtags the caller ' +
    'follows (at most 100 tags, a page each), posts policies apply',
  profile_connections:
    'SECURITY INVOKER, STABLE, page size clamped to 1..100: follows and profiles policies apply',
  search_profiles:
    'SECURITY INVOKER, STABLE, at most 50 rows: matches come from app_rules (index-friendly), ' +
    'profiles policies apply to the rows returned',
  suggested_profiles:
    'SECURITY INVOKER, STABLE, bounded candidates: follows and profiles policies apply',
  mark_activity_read:
    "SECURITY INVOKER, not granted to anon, sets read_at on the caller's own notifications only",
  is_own_storage_url:
    'SECURITY INVOKER, IMMUTABLE, reads no table: whether a URL is a plain file in its owner’s folder',
  take_storage_removals:
    'SECURITY DEFINER, granted to service_role only (anon and authenticated are refused): drains ' +
    'the queue of photos whose rows were deleted',
  orphaned_uploads:
    'SECURITY DEFINER, granted to service_role only (anon and authenticated are refused): lists ' +
    'uploads past their grace period that no row refers to, changing nothing',
  grant_moderator:
    'SECURITY DEFINER, granted to service_role only (anon and authenticated are refused): makes ' +
    'the account with an e-mail a moderator',
  set_post_archived:
    'SECURITY INVOKER, authenticated only: archives or restores the caller’s own post through the ' +
    'posts policies and column grants',
  set_post_pinned:
    'SECURITY INVOKER, authenticated only: pins or unpins the caller’s own post through the posts ' +
    'policies; three slots per author, a unique index refuses a fourth',
  like_highlights:
    'SECURITY INVOKER, STABLE, at most 100 posts, one name each: likes, follows and profiles ' +
    'policies apply',
  set_comment_like:
    'SECURITY INVOKER, authenticated only: writes the caller’s own comment like through the ' +
    'comment_likes policies',
  follow_profile:
    'SECURITY INVOKER, authenticated only: inserts the caller’s own follow or follow request ' +
    'through their policies (blocks refuse both)',
  follow_requests_page:
    'SECURITY INVOKER, STABLE, page size clamped to 1..200: requests to the caller only, ' +
    'follow_requests policies apply',
  report_content:
    'SECURITY INVOKER, authenticated only: inserts the caller’s own report through the reports ' +
    'policy; a repeat is ignored',
  direct_inbox:
    'SECURITY INVOKER, STABLE, page size clamped to 1..100: the caller’s own threads, ' +
    'direct_* policies apply',
  direct_unread_count:
    'SECURITY INVOKER, STABLE: counts the caller’s own threads, direct_* policies apply',
  import_post:
    'SECURITY INVOKER, authenticated only: create_post under the posts policies, then ' +
    'app_rules.backdate_new_post dates only a post the caller made in this transaction',
  approve_follow_request:
    'SECURITY DEFINER, reviewed: acts only on a request made to the caller (auth.uid()), and ' +
    'makes the requester’s follow, which the follows policy lets only the follower insert',
  blocked_accounts:
    'SECURITY DEFINER, reviewed: STABLE, at most 1000 rows of the caller’s own blocks; runs as ' +
    'the owner only to name the people blocked, whose profiles the block hides from the caller',
  delete_account:
    'SECURITY DEFINER, reviewed: deletes only the caller (auth.uid()) after their password, ' +
    'counted against the per-account failure limit, and aal2 when they have two-factor',
  verify_password:
    'SECURITY DEFINER, reviewed: checks only the caller’s own password, with the per-account ' +
    'failure limit; returns a boolean',
  sign_in_email:
    'SECURITY DEFINER, reviewed: returns an account’s e-mail only with its right password ' +
    '(ten wrong ones in 15 minutes lock the account’s checks); says only whether a username ' +
    'exists, which profiles show anyway',
  start_direct_thread:
    'SECURITY DEFINER, reviewed: the caller is always a participant; refuses blocked people, ' +
    'unknown ids and more than 32; others become participants, which only the owner may insert',
  add_direct_participants:
    'SECURITY DEFINER, reviewed: only an accepted member of a group may add, never someone ' +
    'blocked either way, at most 32 people',
  moderation_reports:
    'SECURITY DEFINER, reviewed: STABLE, page size clamped to 1..200; refuses anyone who is not ' +
    'in public.moderators before reading a row',
  moderation_resolve:
    'SECURITY DEFINER, reviewed: refuses anyone who is not in public.moderators before ' +
    'removing content or suspending its author',
  hidden:
    'SECURITY INVOKER, STABLE: the computed field `hidden` of comments; ' +
    'app_rules.comment_hidden_by_words answers true only to the post’s author',
  moderation_lift_suspension:
    'SECURITY DEFINER, reviewed: refuses anyone who is not in public.moderators (or is ' +
    'suspended) before clearing one account’s suspension and sign-in ban'
}

/** Reviewed rpcs that write: what they may change, checked instead of "nothing". */
const OWN_NOTIFICATIONS_ONLY = new Set(['mark_activity_read'])

/** Every notification that is not `userId`'s, as text (null: every notification). */
async function othersNotifications(db: Queryable, userId: string | null): Promise<string> {
  const { rows } = await db.query<{ rows: string | null }>(
    `select string_agg(n::text, '|' order by n.id) as rows from public.notifications n
     where $1::uuid is null or n.recipient_id <> $1::uuid`,
    [userId]
  )
  return rows[0].rows ?? ''
}

describeEachBackend('RLS over HTTP with supabase-js', (suite) => {
  let harness: Harness
  let actors: Actor[]
  const world: World = { users: {} as World['users'] }

  beforeAll(async () => {
    harness = suite.harness
    const a = await signUpAndIn(harness, 'rls_a')
    const b = await signUpAndIn(harness, 'rls_b')
    const db = harness.backend.db
    for (const [name, user] of [
      ['A', a],
      ['B', b]
    ] as const) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.posts (user_id, image_url, caption) values ($1, $2, $3) returning id`,
        [user.userId, IMAGE, `post of ${name}`]
      )
      world.users[name] = { id: user.userId, post: rows[0].id, like: '' }
    }
    // Each likes and follows the other, so there is a row of each kind to attack.
    for (const [me, other] of [
      ['A', 'B'],
      ['B', 'A']
    ] as const) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.likes (user_id, post_id) values ($1, $2) returning id`,
        [world.users[me].id, world.users[other].post]
      )
      world.users[me].like = rows[0].id
      await db.query(`insert into public.follows (follower_id, following_id) values ($1, $2)`, [
        world.users[me].id,
        world.users[other].id
      ])
      // A comment and a save of each user's, so those tables have a row of each kind too.
      await db.query(`insert into public.comments (post_id, user_id, body) values ($1, $2, 'hi')`, [
        world.users[other].post,
        world.users[me].id
      ])
      await db.query(`insert into public.saves (user_id, post_id) values ($1, $2)`, [
        world.users[me].id,
        world.users[other].post
      ])
    }
    actors = [
      { name: 'anon', client: harness.anon(), id: null },
      { name: 'A', client: a.client, id: a.userId },
      { name: 'B', client: b.client, id: b.userId }
    ]
  })

  /** Anon has no own rows: it attacks A's rows, with "me" standing in as A too. */
  const sides = (actor: Actor): [World['users']['A'], World['users']['A']] => {
    if (actor.name === 'anon') return [world.users.A, world.users.A]
    return actor.name === 'A' ? [world.users.A, world.users.B] : [world.users.B, world.users.A]
  }

  for (const attack of ATTACKS) {
    for (const actorName of ['anon', 'A', 'B'] as const) {
      const outcome = actorName === 'anon' ? attack.anon : attack.user
      it(`${actorName}: ${attack.what} → ${outcome === 'denied' ? (actorName === 'anon' ? '401' : '403') : '0 rows'}, nothing changes`, async () => {
        const actor = actors.find((x) => x.name === actorName)!
        const before = await fingerprint(harness.backend.db)
        const [me, other] = sides(actor)
        const result = await attack.run(actor, me, other)
        if (outcome === 'denied') {
          expect(result.status).toBe(actorName === 'anon' ? 401 : 403)
          expect(result.error?.code).toBe('42501')
        } else {
          expect(result.error).toBeNull()
          expect(result.count).toBe(0)
        }
        expect(await fingerprint(harness.backend.db)).toEqual(before)
      })
    }
  }

  it.each(Object.keys(UPDATABLE))(
    'every column of %s: a user updates only the granted columns of their own rows; anon none',
    async (table) => {
      const db = harness.backend.db
      const { rows: columns } = await db.query<{ column_name: string; generated: boolean }>(
        `select column_name, is_generated = 'ALWAYS' as generated from information_schema.columns
         where table_schema = 'public' and table_name = $1 order by ordinal_position`,
        [table]
      )
      expect(columns.length).toBeGreaterThan(1)
      for (const { column_name: column, generated } of columns) {
        for (const actor of actors) {
          const [me, other] = sides(actor)
          // Write back the value the row already has: any change is then a privilege bug,
          // and a refusal is the column grant speaking, not a constraint.
          const target = actor.name === 'anon' ? other : me
          const { rows } = await db.query<{ row: Record<string, unknown> }>(
            `select to_jsonb(t) as row from public.${table} t where ${OWNER_COLUMN[table]} = $1 limit 1`,
            [target.id]
          )
          const row = rows[0].row
          const before = await fingerprint(db)
          const own = await actor.client
            .from(table)
            .update({ [column]: row[column] }, { count: 'exact' })
            .eq(OWNER_COLUMN[table], target.id)
          const label = `${actor.name} updating ${table}.${column}`
          if (generated) {
            // Postgres refuses a write to a generated column before it looks at grants.
            expect.soft(own.status, label).toBe(400)
            expect.soft(own.error?.code, label).toBe('428C9')
          } else if (actor.name === 'anon') {
            expect.soft(own.status, label).toBe(401)
          } else if (UPDATABLE[table].includes(column)) {
            expect.soft(own.error, label).toBeNull()
            expect.soft(own.count, label).toBeGreaterThan(0)
          } else {
            expect.soft(own.status, label).toBe(403)
            expect.soft(own.error?.code, label).toBe('42501')
          }
          if (actor.name !== 'anon' && UPDATABLE[table].includes(column)) {
            const theirs = await actor.client
              .from(table)
              .update({ [column]: row[column] }, { count: 'exact' })
              .eq(OWNER_COLUMN[table], other.id)
            expect.soft(theirs.count, `${label} of the other user`).toBe(0)
          }
          expect.soft(await fingerprint(db), label).toEqual(before)
        }
      }
    }
  )

  it('every function the schema cache exposes as rpc is reviewed, invoker or unreachable, and changes nothing', async () => {
    const db = harness.backend.db
    const cache = await loadSchemaCache(db)
    const exposed = [...cache.functions.keys()].sort()
    expect(exposed.filter((name) => !(name in REVIEWED_RPCS))).toEqual([])
    for (const name of exposed) {
      const { rows } = await db.query<{
        definer: boolean
        anon: boolean
        user: boolean
        config: string[] | null
      }>(
        `select p.prosecdef as definer, p.proconfig as config,
                has_function_privilege('anon', p.oid, 'execute') as anon,
                has_function_privilege('authenticated', p.oid, 'execute') as user
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.proname = $1`,
        [name]
      )
      const reviewedDefiner = REVIEWED_RPCS[name].startsWith('SECURITY DEFINER, reviewed')
      for (const fn of rows) {
        // SECURITY DEFINER runs as the owner and skips RLS: allowed only if no API role may
        // execute it (it is then refused), or if it was reviewed as one (see REVIEWED_RPCS).
        if (!reviewedDefiner) {
          expect(
            fn.definer && (fn.anon || fn.user),
            `${name} is a reachable SECURITY DEFINER`
          ).toBe(false)
        }
        // Both ways round: a function reviewed as a definer that is one no longer is re-reviewed.
        if (reviewedDefiner) expect(fn.definer, `${name} is reviewed as a definer`).toBe(true)
        if (fn.definer) expect(fn.config, `${name} pins search_path`).toContain('search_path=""')
      }
      for (const routine of cache.functions.get(name) ?? []) {
        const args = Object.fromEntries(
          routine.args.filter((arg) => !arg.hasDefault).map((arg) => [arg.name, null])
        )
        for (const actor of actors) {
          const ownOnly = OWN_NOTIFICATIONS_ONLY.has(name)
          const withoutNotifications = async (): Promise<Record<string, string>> => {
            const all = await fingerprint(db)
            if (ownOnly) delete all['public.notifications']
            return all
          }
          const before = await withoutNotifications()
          const othersBefore = await othersNotifications(db, actor.id)
          const { status } = await actor.client.rpc(name, args)
          expect(status, `${actor.name} calling ${name}`).toBeLessThan(500)
          expect(await withoutNotifications(), `${actor.name} calling ${name}`).toEqual(before)
          expect(await othersNotifications(db, actor.id), `${actor.name} calling ${name}`).toBe(
            othersBefore
          )
        }
      }
    }
  })

  it.each([
    ['handle_new_user', {}],
    ['update_likes_count', {}],
    ['uid', {}],
    ['jwt', {}],
    ['foldername', { name: 'posts/x/a.png' }],
    ['gen_random_uuid', {}],
    ['pg_sleep', { seconds: 1 }],
    ['set_config', { setting_name: 'role', new_value: 'postgres', is_local: false }]
  ])(
    'rpc %s (a private, auth, storage, extension or catalog function) is 404 PGRST202',
    async (name, args) => {
      for (const actor of actors) {
        const { status, error } = await actor.client.rpc(name, args)
        expect(status).toBe(404)
        expect(error?.code).toBe('PGRST202')
      }
    }
  )
})
