-- A card shows the latest comments that start a thread, never a reply: out of its thread a reply
-- read as a comment of its own ("@bob thanks" under the photo). Replies are read in the post
-- view, under their comment. Same function otherwise (20261123140010_comments.sql).
create or replace function public.latest_comments(post_ids uuid[], per_post integer default 2)
returns setof public.comments
language sql
stable
security invoker
set search_path = ''
as $$
  select c.*
  from unnest(post_ids[1:100]) as p(id)
  cross join lateral (
    select *
    from public.comments c
    where c.post_id = p.id and c.parent_id is null
    order by c.created_at desc, c.id desc
    limit least(greatest(coalesce(per_post, 2), 1), 10)
  ) c
$$;
