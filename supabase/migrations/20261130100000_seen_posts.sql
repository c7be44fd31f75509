-- Seen posts (docs/product.md, "Feed"): which posts a reader has seen, so the Following feed can
-- say "You're all caught up" right after the last post of the past 3 days they have not seen.
--
-- A row is the reader's alone (RLS: read, add and remove their own; nobody changes one), added
-- through mark_posts_seen when a card has been at least half visible for about a second, with
-- the second-factor and suspension rules of every other write. Only posts the reader can see
-- (the posts policy) may be marked. The table stays bounded: after every insert a reader keeps
-- their rows of the past 7 days, at most 2,000 of them (a row only matters while its post is
-- inside the 3-day window, and a post is seen after it is made, so older rows decide nothing).
-- public.seen(post) tells the feed's reader whether they have seen each post of a page.

create table public.seen_posts (
  -- auth.users, not profiles: a key to profiles would make this table a second way from posts
  -- to profiles, and the API could no longer embed a post's author unambiguously.
  reader_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  post_id uuid not null references public.posts (id) on delete cascade,
  seen_at timestamptz not null default now(),
  -- The feed's question: has this reader seen this post?
  primary key (reader_id, post_id)
);

-- Pruning: a reader's rows, newest first.
create index seen_posts_reader_seen_idx on public.seen_posts (reader_id, seen_at desc);
-- A deleted post's rows go with it.
create index seen_posts_post_idx on public.seen_posts (post_id);

comment on table public.seen_posts is
  'Posts each reader has seen in a feed (a card half visible for about a second); the reader''s own (RLS), kept 7 days and at most 2,000 rows per reader.';

alter table public.seen_posts enable row level security;

create policy "Readers see their own seen posts" on public.seen_posts
  for select to authenticated using (reader_id = (select auth.uid()));
create policy "Readers mark posts they can see as seen, as themselves" on public.seen_posts
  for insert to authenticated
  with check (reader_id = (select auth.uid())
              and exists (select 1 from public.posts p where p.id = post_id));
create policy "Readers forget their own seen posts" on public.seen_posts
  for delete to authenticated using (reader_id = (select auth.uid()));

create policy "Second factor required once enrolled" on public.seen_posts
  as restrictive to authenticated
  using ((select app_rules.second_factor_satisfied()))
  with check ((select app_rules.second_factor_satisfied()));
create policy "Suspended accounts add nothing" on public.seen_posts
  as restrictive for insert to authenticated with check ((select app_rules.caller_may_write()));
create policy "Suspended accounts remove nothing" on public.seen_posts
  as restrictive for delete to authenticated using ((select app_rules.caller_may_write()));

-- Keeps each reader who just added rows to 7 days and 2,000 rows, whichever path added them.
create function app_private.prune_seen_posts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.seen_posts s
  using (select distinct a.reader_id from added a) r
  where s.reader_id = r.reader_id
    and (s.seen_at < now() - interval '7 days'
         or s.seen_at < (select k.seen_at from public.seen_posts k
                         where k.reader_id = r.reader_id
                         order by k.seen_at desc
                         offset 1999 limit 1));
  return null;
end
$$;

create trigger prune_seen_posts after insert on public.seen_posts
  referencing new table as added
  for each statement execute function app_private.prune_seen_posts();

-- Marks up to 100 posts seen by the caller in one call (the app batches its cards). Security
-- invoker: the policies above decide; posts the caller cannot see (or that are gone) are passed
-- over rather than failing the batch. Returns how many were new.
create function public.mark_posts_seen(post_ids uuid[])
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  added integer;
begin
  if auth.uid() is null then
    raise exception 'Sign in to mark posts seen' using errcode = '42501';
  end if;
  if cardinality(post_ids) > 100 then
    raise exception 'At most 100 posts can be marked seen at once' using errcode = '22023';
  end if;
  insert into public.seen_posts (reader_id, post_id)
  select auth.uid(), p.id
  from public.posts p
  where p.id = any (coalesce(post_ids, '{}'))
  on conflict (reader_id, post_id) do nothing;
  get diagnostics added = row_count;
  return added;
end
$$;

comment on function public.mark_posts_seen(uuid[]) is
  'Marks up to 100 posts the caller can see as seen by them (seen_posts); returns how many were new. Security invoker.';

-- Whether the reader has seen a post: a computed field the Following feed selects.
create function public.seen(post public.posts)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.seen_posts s
                 where s.reader_id = (select auth.uid()) and s.post_id = post.id)
$$;

comment on function public.seen(public.posts) is
  'Whether the reader has seen this post in a feed (seen_posts); false for a visitor.';

revoke all on table public.seen_posts from public, anon, authenticated;
-- A visitor's feed asks public.seen too: the select grant lets it run, and no policy gives rows.
grant select on table public.seen_posts to anon;
grant select, delete on table public.seen_posts to authenticated;
grant insert (reader_id, post_id) on public.seen_posts to authenticated;
grant all on table public.seen_posts to service_role;
revoke all on function app_private.prune_seen_posts() from public, anon, authenticated;
revoke all on function public.mark_posts_seen(uuid[]) from public;
grant execute on function public.mark_posts_seen(uuid[]) to authenticated, service_role;
revoke all on function public.seen(public.posts) from public;
grant execute on function public.seen(public.posts) to anon, authenticated, service_role;
