-- A like is one request: set_post_like(post, liked) writes the caller's like (or removes it) and
-- answers with the post's new state, so the app reconciles its optimistic ±1 without a re-read.
-- It sets rather than toggles, so a retried request (a lost response, an offline queue) lands on
-- the same state instead of flipping it back. SECURITY INVOKER: the likes policies and column
-- rights apply exactly as for a direct insert or delete; the counter trigger does the counting.

create or replace function public.set_post_like(target_post_id uuid, should_like boolean)
returns table (liked boolean, likes_count integer)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to like posts' using errcode = '42501';
  end if;
  if should_like is null or target_post_id is null then
    raise exception 'set_post_like needs a post and true or false' using errcode = '22004';
  end if;
  if should_like then
    insert into public.likes (user_id, post_id)
    values (caller, target_post_id)
    on conflict on constraint likes_user_post_unique do nothing;
  else
    delete from public.likes l where l.user_id = caller and l.post_id = target_post_id;
  end if;
  liked := should_like;
  select p.likes_count into likes_count from public.posts p where p.id = target_post_id;
  if not found then
    raise exception 'This post no longer exists' using errcode = 'P0002';
  end if;
  return next;
end
$$;

revoke all on function public.set_post_like(uuid, boolean) from public, anon;
grant execute on function public.set_post_like(uuid, boolean) to authenticated;
