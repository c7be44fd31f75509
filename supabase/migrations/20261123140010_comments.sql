-- Comments with one level of replies, and posts.comments_count kept exact by a trigger.
--
-- A reply to a reply is attached to the top-level comment it belongs to (as the network does:
-- threads are one level deep), so a thread never grows deeper than one. comments_count counts
-- replies too, because the card says "View all N comments" for everything under the post.
-- Anyone reads comments; a user writes only as themselves; a comment is deleted by its author
-- or by the author of the post it is on. Deleting a comment deletes its replies.

create table public.comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.posts (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  parent_id uuid references public.comments (id) on delete cascade,
  body text not null
    constraint comments_body_length check (char_length(body) between 1 and 2200 and body ~ '\S'),
  created_at timestamptz not null default now(),
  constraint comments_not_own_parent check (parent_id is distinct from id)
);

-- The comments of a post in either order, keyset-paged on (created_at, id).
create index comments_post_id_created_at_idx on public.comments (post_id, created_at, id);
create index comments_user_id_idx on public.comments (user_id);
create index comments_parent_id_created_at_idx on public.comments (parent_id, created_at, id);

------------------------------------------------------------------------------------------------
-- Replies stay one level deep and on the same post
------------------------------------------------------------------------------------------------

create or replace function app_private.attach_reply_to_thread()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent_post uuid;
  grandparent uuid;
begin
  if new.parent_id is null then
    return new;
  end if;
  select c.post_id, c.parent_id into parent_post, grandparent
  from public.comments c where c.id = new.parent_id;
  if not found then
    raise exception 'The comment you are replying to was deleted' using errcode = '23503';
  end if;
  if parent_post <> new.post_id then
    raise exception 'A reply must be on the same post as the comment it answers'
      using errcode = '23514';
  end if;
  if grandparent is not null then
    new.parent_id := grandparent;
  end if;
  return new;
end
$$;

create trigger before_comment_inserted
  before insert on public.comments
  for each row execute function app_private.attach_reply_to_thread();

------------------------------------------------------------------------------------------------
-- comments_count: the row lock taken by the UPDATE serialises concurrent comments on one post
------------------------------------------------------------------------------------------------

create or replace function app_private.update_comments_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.posts set comments_count = comments_count + 1 where id = new.post_id;
    return new;
  end if;
  -- When the post itself is being deleted this updates nothing, which is what we want.
  update public.posts set comments_count = greatest(comments_count - 1, 0) where id = old.post_id;
  return old;
end
$$;

create trigger on_comment_changed
  after insert or delete on public.comments
  for each row execute function app_private.update_comments_count();

revoke all on function app_private.attach_reply_to_thread() from public, anon, authenticated;
revoke all on function app_private.update_comments_count() from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Rights: comments are written once and never edited
------------------------------------------------------------------------------------------------

revoke insert, update on public.comments from anon, authenticated;
grant insert (post_id, user_id, parent_id, body) on public.comments to authenticated;

alter table public.comments enable row level security;

create policy "Comments are readable by everyone" on public.comments
  for select to anon, authenticated using (true);
create policy "Users comment as themselves" on public.comments
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Authors of a comment or of its post delete it" on public.comments
  for delete to authenticated
  using (
    user_id = (select auth.uid())
    or exists (select 1 from public.posts p
               where p.id = comments.post_id and p.user_id = (select auth.uid()))
  );

------------------------------------------------------------------------------------------------
-- The latest comments of a page of posts, for the cards: one request instead of one per post
------------------------------------------------------------------------------------------------

-- At most 100 posts and 10 comments per post, newest first; SECURITY INVOKER, so the comments
-- policies apply as for a plain select.
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
    where c.post_id = p.id
    order by c.created_at desc, c.id desc
    limit least(greatest(coalesce(per_post, 2), 1), 10)
  ) c
$$;

revoke all on function public.latest_comments(uuid[], integer) from public;
grant execute on function public.latest_comments(uuid[], integer)
  to anon, authenticated, service_role;
