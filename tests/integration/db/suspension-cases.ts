// The writes of suspension-writes.test.ts: one per table and command the API roles write, and
// per SECURITY DEFINER rpc that writes for its caller, each with the rows it needs, and the way
// one is tried: in a transaction that is always rolled back, so that cases never meet.

import { randomUUID } from 'node:crypto'
import { requestSettings } from '../../../src/backend/db/as-role'
import { isPostgresError, type Database } from '../../../src/backend/db/database'
import type { Actor } from '../../support/sql-actors'

export const STORAGE = 'http://127.0.0.1:5400/storage/v1/object/public/images'

export const photo = (folder: string, owner: string | null): string =>
  JSON.stringify([{ image_url: `${STORAGE}/${folder}/${owner}/${randomUUID()}.webp` }])

export interface Fixture {
  sus: Actor
  other: Actor
  mod: Actor
  stranger: Actor
  privateOne: Actor
  ids: Record<string, string>
}

type Step = [sql: string, params?: unknown[]]

interface WriteCase {
  /** What it writes, as the lint names a table and command (or the rpc's name). */
  covers: string
  /** Run as the database owner first, in the same transaction: the rows the write needs. */
  setup?: (f: Fixture) => Step[]
  /** realtime.topic() for the write (a private channel's name). */
  topic?: (f: Fixture) => string
  write: (f: Fixture) => Step
  /** The write, once allowed, reaches a row (a DELETE or UPDATE that matches nothing proves nothing). */
  touches?: boolean
}

const objectName = (f: Fixture): string => `posts/${f.sus.id}/${randomUUID()}.webp`
const ownObject = (f: Fixture): Step => [
  `insert into storage.objects (bucket_id, name, owner_id) values ('images', $1, $2)`,
  [objectName(f), f.sus.id]
]

export const CASES: WriteCase[] = [
  {
    covers: 'public.posts: INSERT',
    write: (f) => [`select create_post('new', $1::jsonb)`, [photo('posts', f.sus.id)]]
  },
  {
    covers: 'public.post_images: INSERT',
    // The way create_post lets photos in, so that only the policies decide.
    setup: (f) => [[`select set_config('app.creating_post', $1, true)`, [f.ids.susPost]]],
    write: (f) => [
      `insert into post_images (post_id, position, image_url) values ($1, 1, $2)`,
      [f.ids.susPost, `${STORAGE}/posts/${f.sus.id}/${randomUUID()}.webp`]
    ]
  },
  {
    covers: 'public.comments: INSERT',
    write: (f) => [
      `insert into comments (post_id, user_id, body) values ($1, $2, 'hi')`,
      [f.ids.otherPost, f.sus.id]
    ]
  },
  {
    covers: 'public.likes: INSERT',
    write: (f) => [`select set_post_like($1, true)`, [f.ids.otherPost]]
  },
  {
    covers: 'public.comment_likes: INSERT',
    write: (f) => [`select set_comment_like($1, true)`, [f.ids.otherComment]]
  },
  {
    covers: 'public.follows: INSERT',
    write: (f) => [`select follow_profile($1)`, [f.stranger.id]]
  },
  {
    covers: 'public.follow_requests: INSERT',
    write: (f) => [`select follow_profile($1)`, [f.privateOne.id]]
  },
  {
    covers: 'public.saves: INSERT',
    write: (f) => [
      `insert into saves (user_id, post_id) values ($1, $2)`,
      [f.sus.id, f.ids.otherPost]
    ]
  },
  {
    covers: 'public.stories: INSERT',
    write: (f) => [
      `insert into stories (user_id, image_url, width, height) values ($1, $2, 1080, 1920)`,
      [f.sus.id, `${STORAGE}/stories/${f.sus.id}/${randomUUID()}.webp`]
    ]
  },
  {
    covers: 'public.story_views: INSERT',
    write: (f) => [`select mark_story_seen($1)`, [f.ids.otherStory]]
  },
  {
    covers: 'public.reports: INSERT',
    write: (f) => [`select report_content('post', $1, 'spam')`, [f.ids.otherPost]]
  },
  {
    covers: 'public.blocks: INSERT',
    write: (f) => [
      `insert into blocks (blocker_id, blocked_id) values ($1, $2)`,
      [f.sus.id, f.stranger.id]
    ]
  },
  {
    covers: 'public.mutes: INSERT',
    write: (f) => [
      `insert into mutes (muter_id, muted_id, posts) values ($1, $2, true)`,
      [f.sus.id, f.stranger.id]
    ]
  },
  {
    covers: 'public.close_friends: INSERT',
    write: (f) => [`insert into close_friends (friend_id) values ($1)`, [f.stranger.id]]
  },
  {
    covers: 'public.word_filters: INSERT',
    write: () => [`insert into word_filters (kind, word) values ('mute', 'spoiler')`]
  },
  {
    covers: 'public.followed_tags: INSERT',
    write: () => [`insert into followed_tags (tag) values ('harbour')`]
  },
  {
    covers: 'public.seen_posts: INSERT',
    write: (f) => [`insert into seen_posts (post_id) values ($1)`, [f.ids.otherPost]]
  },
  {
    covers: 'mark_posts_seen',
    write: (f) => [`select mark_posts_seen(array[$1::uuid])`, [f.ids.otherPost]]
  },
  {
    covers: 'public.places: INSERT',
    write: () => [`insert into places (name) values ('Harbour Café')`]
  },
  {
    covers: 'public.save_collections: INSERT',
    write: () => [`insert into save_collections (name) values ('Trips')`]
  },
  {
    covers: 'public.save_collection_items: INSERT',
    setup: (f) => [
      [`insert into saves (user_id, post_id) values ($1, $2)`, [f.sus.id, f.ids.otherPost]],
      [
        `insert into save_collections (id, user_id, name) values ($1, $2, 'Trips')`,
        [f.ids.otherPost, f.sus.id]
      ]
    ],
    write: (f) => [
      `insert into save_collection_items (collection_id, post_id) values ($1, $1)`,
      [f.ids.otherPost]
    ]
  },
  {
    covers: 'save_to_collection',
    setup: (f) => [
      [
        `insert into save_collections (id, user_id, name) values ($1, $2, 'Trips')`,
        [f.ids.otherPost, f.sus.id]
      ]
    ],
    write: (f) => [`select save_to_collection($1, $1)`, [f.ids.otherPost]]
  },
  {
    covers: 'public.save_collections: UPDATE',
    touches: true,
    setup: (f) => [
      [`insert into save_collections (user_id, name) values ($1, 'Trips')`, [f.sus.id]]
    ],
    write: (f) => [`update save_collections set name = 'Food' where user_id = $1`, [f.sus.id]]
  },
  {
    covers: 'public.content_settings: INSERT',
    write: () => [`insert into content_settings (hide_like_counts) values (true)`]
  },
  {
    covers: 'public.post_people_tags: INSERT',
    write: (f) => [
      `insert into post_people_tags (post_id, user_id, position, x, y) values ($1, $2, 0, 0.5, 0.5)`,
      [f.ids.susPost, f.other.id]
    ]
  },
  {
    covers: 'public.direct_messages: INSERT',
    write: (f) => [
      `insert into direct_messages (thread_id, sender_id, kind, body) values ($1, $2, 'text', 'hey')`,
      [f.ids.thread, f.sus.id]
    ]
  },
  {
    covers: 'public.direct_reactions: INSERT',
    write: (f) => [
      `insert into direct_reactions (message_id, user_id) values ($1, $2)`,
      [f.ids.message, f.sus.id]
    ]
  },
  { covers: 'storage.objects: INSERT', write: ownObject },
  {
    covers: 'realtime.messages: INSERT',
    topic: (f) => `direct:${f.ids.thread}`,
    write: () => [
      `insert into realtime.messages (topic, extension, event, private) values (realtime.topic(), 'broadcast', 'typing', true)`
    ]
  },
  {
    covers: 'public.profiles: UPDATE',
    touches: true,
    write: (f) => [`update profiles set bio = 'new bio' where id = $1`, [f.sus.id]]
  },
  {
    covers: 'public.posts: UPDATE',
    write: (f) => [`select edit_post($1, 'edited')`, [f.ids.susPost]]
  },
  {
    covers: 'public.post_images: UPDATE',
    touches: true,
    write: (f) => [`update post_images set alt_text = 'alt' where post_id = $1`, [f.ids.susPost]]
  },
  {
    covers: 'public.post_people_tags: UPDATE',
    touches: true,
    setup: (f) => [
      [
        `insert into post_people_tags (post_id, user_id, position, x, y, status) values ($1, $2, 0, 0.5, 0.5, 'pending')`,
        [f.ids.otherPost, f.sus.id]
      ]
    ],
    write: (f) => [`update post_people_tags set status = 'approved' where user_id = $1`, [f.sus.id]]
  },
  {
    covers: 'public.notifications: UPDATE',
    setup: (f) => [
      [
        `insert into notifications (recipient_id, actor_id, type) values ($1, $2, 'follow')`,
        [f.sus.id, f.other.id]
      ]
    ],
    write: () => [`select mark_activity_read()`]
  },
  {
    covers: 'public.mutes: UPDATE',
    touches: true,
    setup: (f) => [
      [
        `insert into mutes (muter_id, muted_id, posts) values ($1, $2, true)`,
        [f.sus.id, f.stranger.id]
      ]
    ],
    write: (f) => [`update mutes set stories = true where muter_id = $1`, [f.sus.id]]
  },
  {
    covers: 'public.content_settings: UPDATE',
    touches: true,
    setup: (f) => [[`insert into content_settings (user_id) values ($1)`, [f.sus.id]]],
    write: () => [`update content_settings set show_sensitive_media = true`]
  },
  {
    covers: 'public.direct_participants: UPDATE',
    touches: true,
    write: (f) => [
      `update direct_participants set last_read_at = now() where user_id = $1`,
      [f.sus.id]
    ]
  },
  {
    covers: 'public.direct_threads: UPDATE',
    touches: true,
    write: (f) => [`update direct_threads set name = 'renamed' where id = $1`, [f.ids.thread]]
  },
  {
    covers: 'approve_follow_request',
    setup: (f) => [
      [`update profiles set is_private = true where id = $1`, [f.sus.id]],
      [
        `insert into follow_requests (requester_id, target_id) values ($1, $2)`,
        [f.stranger.id, f.sus.id]
      ]
    ],
    write: (f) => [`select approve_follow_request($1)`, [f.stranger.id]]
  },
  // Refused while suspended; once lifted it answers false here (this test's user has no password).
  { covers: 'delete_account', write: () => [`select delete_account('secret123')`] },
  ...(
    [
      [
        'public.likes',
        'insert into likes (user_id, post_id) values ($1, $2)',
        'otherPost',
        'likes where user_id = $1'
      ],
      [
        'public.comments',
        `insert into comments (user_id, post_id, body) values ($1, $2, 'hi')`,
        'otherPost',
        'comments where user_id = $1'
      ],
      [
        'public.comment_likes',
        'insert into comment_likes (user_id, comment_id) values ($1, $2)',
        'otherComment',
        'comment_likes where user_id = $1'
      ],
      [
        'public.follows',
        'insert into follows (follower_id, following_id) values ($1, $2)',
        'stranger',
        'follows where follower_id = $1'
      ],
      [
        'public.follow_requests',
        'insert into follow_requests (requester_id, target_id) values ($1, $2)',
        'privateOne',
        'follow_requests where requester_id = $1'
      ],
      [
        'public.saves',
        'insert into saves (user_id, post_id) values ($1, $2)',
        'otherPost',
        'saves where user_id = $1'
      ],
      [
        'public.blocks',
        'insert into blocks (blocker_id, blocked_id) values ($1, $2)',
        'stranger',
        'blocks where blocker_id = $1'
      ],
      [
        'public.mutes',
        'insert into mutes (muter_id, muted_id, posts) values ($1, $2, true)',
        'stranger',
        'mutes where muter_id = $1'
      ],
      [
        'public.close_friends',
        'insert into close_friends (user_id, friend_id) values ($1, $2)',
        'stranger',
        'close_friends where user_id = $1'
      ],
      [
        'public.word_filters',
        `insert into word_filters (user_id, kind, word) select $1, 'mute', 'x' where $2::uuid is not null`,
        'otherPost',
        'word_filters where user_id = $1'
      ],
      [
        'public.followed_tags',
        `insert into followed_tags (user_id, tag) select $1, 'harbour' where $2::uuid is not null`,
        'otherPost',
        'followed_tags where user_id = $1'
      ],
      [
        'public.seen_posts',
        'insert into seen_posts (reader_id, post_id) values ($1, $2)',
        'otherPost',
        'seen_posts where reader_id = $1'
      ],
      [
        'public.save_collections',
        `insert into save_collections (user_id, name) select $1, 'Trips' where $2::uuid is not null`,
        'otherPost',
        'save_collections where user_id = $1'
      ],
      [
        'public.save_collection_items',
        `with saved as (insert into saves (user_id, post_id) values ($1, $2) returning user_id, post_id),
         made as (insert into save_collections (user_id, name) select user_id, 'Trips' from saved returning id, user_id)
         insert into save_collection_items (collection_id, post_id, user_id)
         select made.id, saved.post_id, made.user_id from made, saved`,
        'otherPost',
        'save_collection_items where user_id = $1'
      ],
      [
        'public.post_people_tags',
        'insert into post_people_tags (user_id, post_id, position, x, y) values ($1, $2, 0, 0.5, 0.5)',
        'otherPost',
        'post_people_tags where user_id = $1'
      ],
      [
        'public.direct_reactions',
        'insert into direct_reactions (user_id, message_id) values ($1, $2)',
        'message',
        'direct_reactions where user_id = $1'
      ],
      [
        'public.direct_messages',
        `insert into direct_messages (sender_id, thread_id, kind, body) values ($1, $2, 'text', 'mine')`,
        'thread',
        'direct_messages where sender_id = $1'
      ],
      [
        'public.stories',
        `insert into stories (user_id, image_url, width, height)
         select $1::uuid, '${STORAGE}/stories/' || $1::text || '/1.webp', 1, 1 where $2::uuid is not null`,
        'otherPost',
        'stories where user_id = $1'
      ],
      [
        'public.story_highlights',
        `insert into story_highlights (user_id, title) select $1, 'Trips' where $2::uuid is not null`,
        'otherPost',
        'story_highlights where user_id = $1'
      ],
      ['public.posts', 'select $1::uuid, $2::uuid', 'susPost', 'posts where user_id = $1']
    ] as const
  ).map(([table, insert, target, rows]): WriteCase => ({
    covers: `${table}: DELETE`,
    touches: true,
    setup: (f) => [
      [insert, [f.sus.id, target in f.ids ? f.ids[target] : (f[target as 'stranger'] as Actor).id]]
    ],
    write: (f) => [`delete from ${rows}`, [f.sus.id]]
  })),
  {
    covers: 'storage.objects: DELETE',
    touches: true,
    setup: (f) => [ownObject(f)],
    write: (f) => [`delete from storage.objects where owner_id = $1`, [f.sus.id]]
  }
]

export type Outcome = { ok: true; rowCount: number } | { ok: false; code: string; message: string }

class Done extends Error {
  constructor(readonly outcome: Outcome) {
    super('rolled back on purpose')
  }
}

/**
 * One case in a transaction that is always rolled back: its setup as the owner, the suspension
 * when `suspended` (after the setup, which may need the person unsuspended, as a tag of them
 * does), then the request settings of `actor` (as every API request starts), then the write.
 */
export async function attempt(
  db: Database,
  actor: Actor,
  f: Fixture,
  c: WriteCase,
  suspended: boolean
): Promise<Outcome> {
  try {
    await db.transaction(async (tx) => {
      for (const [sql, params] of c.setup?.(f) ?? []) await tx.query(sql, params ?? [])
      if (suspended) {
        await tx.query('update profiles set suspended_at = now() where id = $1', [actor.id])
      }
      const settings = requestSettings(db, actor.identity, { method: 'POST', path: '/tests/sql' })
      await tx.query(settings.sql, settings.params)
      if (c.topic) await tx.query(`select set_config('realtime.topic', $1, true)`, [c.topic(f)])
      const [sql, params] = c.write(f)
      let outcome: Outcome
      try {
        const { rowCount } = await tx.query(sql, params ?? [])
        outcome = { ok: true, rowCount }
      } catch (error) {
        if (!isPostgresError(error)) throw error
        outcome = { ok: false, code: error.code ?? '', message: error.message }
      }
      throw new Done(outcome)
    })
  } catch (error) {
    if (error instanceof Done) return error.outcome
    throw new Error(`${c.covers}: ${error instanceof Error ? error.message : String(error)}`)
  }
  throw new Error('unreachable: the attempt always rolls back')
}

/** Every table and command a permissive policy lets the API roles write (the lint's universe). */
export const GUARDED_WRITES = `
  select distinct format('%I.%I: %s', p.schemaname, p.tablename, c.cmd) as covers
  from pg_policies p
  cross join lateral unnest(case when p.cmd = 'ALL' then array['INSERT', 'UPDATE', 'DELETE']
                                 else array[p.cmd] end) as c (cmd)
  where p.schemaname in ('public', 'storage', 'realtime')
    and p.permissive = 'PERMISSIVE'
    and c.cmd in ('INSERT', 'UPDATE', 'DELETE')
    and p.roles && array['authenticated', 'public']::name[]
  order by 1`
