------------------------------------------------------------------------------------------------
-- Who liked a post: the likers list (#/p/<id>/liked_by) and "Liked by <someone> and others"
------------------------------------------------------------------------------------------------

-- The likers list pages a post's likes newest first by (created_at, id): this index serves
-- each page as one range scan instead of sorting every like of a popular post.
create index likes_post_created_idx on public.likes (post_id, created_at desc, id desc);

-- For each of a page of posts (at most 100), the one liker the card names: someone the reader
-- follows when any of them liked it (the latest of those), or else the latest liker. SECURITY
-- INVOKER, so the likes, follows and profiles policies apply as for plain selects.
create or replace function public.like_highlights(post_ids uuid[])
returns table (post_id uuid, username text)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, coalesce(
    (select pr.username
       from public.follows f
       join public.likes l on l.user_id = f.following_id and l.post_id = p.id
       join public.profiles pr on pr.id = l.user_id
      where f.follower_id = (select auth.uid())
      order by l.created_at desc, l.id desc
      limit 1),
    (select pr.username
       from public.likes l
       join public.profiles pr on pr.id = l.user_id
      where l.post_id = p.id
      order by l.created_at desc, l.id desc
      limit 1)
  )
  from unnest(post_ids[1:100]) as p(id)
  where exists (select 1 from public.likes l where l.post_id = p.id)
$$;

revoke all on function public.like_highlights(uuid[]) from public;
grant execute on function public.like_highlights(uuid[]) to anon, authenticated, service_role;
