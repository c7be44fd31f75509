-- "Liked by <someone> and others" names someone other than the reader: the reader knows they
-- liked it (the filled heart says so), and their own like no longer changes who is named, so the
-- app need not ask again after it (a like stays one request). A post only the reader liked names
-- nobody and shows its count.
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
      where l.post_id = p.id and l.user_id is distinct from (select auth.uid())
      order by l.created_at desc, l.id desc
      limit 1)
  )
  from unnest(post_ids[1:100]) as p(id)
  where exists (select 1 from public.likes l
                where l.post_id = p.id and l.user_id is distinct from (select auth.uid()))
$$;
