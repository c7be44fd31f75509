-- profiles.posts_count, kept by statement triggers on posts like the follower counts: a profile
-- header shows how many posts a person has even to someone who may not see them (a private
-- account's visitor sees "12 posts" and no grid, as on Instagram), and opening a profile no
-- longer counts the posts through their policies. Clients cannot write it (no column grant).
alter table public.profiles
  add column posts_count integer not null default 0
    constraint profiles_posts_count_not_negative check (posts_count >= 0);

update public.profiles p
set posts_count = (select count(*) from public.posts q where q.user_id = p.id);

-- One UPDATE per author per statement (transition tables), so an import of many posts or an
-- account's deletion does not touch the profile row once per post. Rows are locked in id
-- order, as the follow counts do, so two statements cannot deadlock on them.
create or replace function app_private.count_added_posts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.profiles
  where id in (select distinct user_id from added) order by id for no key update;
  update public.profiles p
  set posts_count = p.posts_count + a.n
  from (select user_id, count(*)::integer as n from added group by user_id) a
  where p.id = a.user_id;
  return null;
end
$$;

create or replace function app_private.count_removed_posts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1 from public.profiles
  where id in (select distinct user_id from removed) order by id for no key update;
  update public.profiles p
  set posts_count = greatest(p.posts_count - r.n, 0)
  from (select user_id, count(*)::integer as n from removed group by user_id) r
  where p.id = r.user_id;
  return null;
end
$$;

revoke all on function app_private.count_added_posts() from public, anon, authenticated;
revoke all on function app_private.count_removed_posts() from public, anon, authenticated;

create trigger on_posts_added_count
  after insert on public.posts
  referencing new table as added
  for each statement execute function app_private.count_added_posts();

create trigger on_posts_removed_count
  after delete on public.posts
  referencing old table as removed
  for each statement execute function app_private.count_removed_posts();
