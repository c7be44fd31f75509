// Fault injection and storage probes for tests that prove "nothing is left behind": the database
// refuses a post, or storage refuses an upload, in the middle of a real create.

import type { Database } from '../../src/backend/db/database'

/** While `work` runs, the database refuses posts captioned 'doomed' (after their upload). */
export async function whileDoomedPostsFail(db: Database, work: () => Promise<void>): Promise<void> {
  await db.exec(`
    create or replace function public.refuse_post() returns trigger language plpgsql as $$
    begin raise exception 'disk quota exceeded'; end $$;
    create trigger refuse_post before insert on public.posts
      for each row when (new.caption = 'doomed') execute function public.refuse_post();`)
  try {
    await work()
  } finally {
    await db.exec('drop trigger refuse_post on public.posts; drop function public.refuse_post();')
  }
}

/** While `work` runs, storage refuses every upload, as a full or failing store would. */
export async function whileUploadsFail(db: Database, work: () => Promise<void>): Promise<void> {
  await db.exec(`
    create or replace function public.refuse_object() returns trigger language plpgsql as $$
    begin raise exception 'storage is unavailable'; end $$;
    create trigger refuse_object before insert on storage.objects
      for each row execute function public.refuse_object();`)
  try {
    await work()
  } finally {
    await db.exec(
      'drop trigger refuse_object on storage.objects; drop function public.refuse_object();'
    )
  }
}

/** How many objects are stored under a user's posts folder. */
export async function storedObjectCount(db: Database, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from storage.objects where name like $1',
    [`posts/${userId}/%`]
  )
  return rows[0].n
}
