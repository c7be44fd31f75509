-- Archived and pinned posts. An archived post is seen by its author alone (a restrictive policy,
-- so every read that goes through posts follows: feeds, grids, tag pages, likes, comments,
-- shared posts, realtime), leaves its author's count and keeps its likes and comments; restoring
-- it puts it back where its date places it. Up to three posts are pinned to the top of their
-- author's grid, newest pin first; the three slots are the guard (a unique slot per author).

alter table public.posts
  add column archived_at timestamp with time zone,
  add column pinned_at timestamp with time zone,
  add column pin_slot smallint,
  add constraint posts_pin_slot_range check (pin_slot between 1 and 3),
  add constraint posts_pin_complete check ((pin_slot is null) = (pinned_at is null)),
  add constraint posts_archived_not_pinned check (archived_at is null or pin_slot is null);

comment on column public.posts.pin_slot is
  'One of the author''s three pin slots (unique per author), so a fourth pin cannot exist; the grid orders pins by pinned_at.';

create unique index posts_one_post_per_pin_slot on public.posts (user_id, pin_slot)
  where pin_slot is not null;

create index posts_user_id_archived_idx on public.posts (user_id, created_at desc, id desc)
  where archived_at is not null;

create policy "Archived posts are seen by their author alone" on public.posts
  as restrictive for select to anon, authenticated
  using (archived_at is null or user_id = (select auth.uid()));

-- posts_count counts the posts a visitor could see on the profile: archiving takes one away,
-- restoring gives it back, and deleting an archived post changes nothing.
create function app_private.count_archived_posts() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if (old.archived_at is null) = (new.archived_at is null) then
    return null;
  end if;
  update public.profiles p
  set posts_count = greatest(p.posts_count + case when new.archived_at is null then 1 else -1 end, 0)
  where p.id = new.user_id;
  return null;
end
$$;

create trigger on_post_archived_count after update of archived_at on public.posts
  for each row execute function app_private.count_archived_posts();

create or replace function app_private.count_removed_posts() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform 1 from public.profiles
  where id in (select distinct user_id from removed) order by id for no key update;
  update public.profiles p
  set posts_count = greatest(p.posts_count - r.n, 0)
  from (
    select user_id, count(*)::integer as n from removed
    where archived_at is null
    group by user_id
  ) r
  where p.id = r.user_id;
  return null;
end
$$;

-- A post archived or restored by its author; restoring keeps its date, so it returns to its place.
create function public.set_post_archived(target_post_id uuid, archived boolean) returns public.posts
    language plpgsql
    set search_path to ''
    as $$
declare
  changed public.posts;
begin
  if auth.uid() is null then
    raise exception 'Sign in to archive posts' using errcode = '42501';
  end if;
  if target_post_id is null or archived is null then
    raise exception 'set_post_archived needs a post and true or false' using errcode = '22004';
  end if;
  update public.posts p
  set archived_at = case
        when set_post_archived.archived then coalesce(p.archived_at, now())
        else null
      end,
      pin_slot = case when set_post_archived.archived then null else p.pin_slot end,
      pinned_at = case when set_post_archived.archived then null else p.pinned_at end
  where p.id = target_post_id and p.user_id = auth.uid()
  returning p.* into changed;
  if changed.id is null then
    raise exception 'This post isn''t available' using errcode = 'PT404';
  end if;
  return changed;
end
$$;

-- Pins the author's post in a free slot (a pinned one stays as it is), or unpins it.
create function public.set_post_pinned(target_post_id uuid, pinned boolean) returns public.posts
    language plpgsql
    set search_path to ''
    as $$
declare
  caller uuid := auth.uid();
  target public.posts;
  free_slot smallint;
begin
  if caller is null then
    raise exception 'Sign in to pin posts' using errcode = '42501';
  end if;
  if target_post_id is null or pinned is null then
    raise exception 'set_post_pinned needs a post and true or false' using errcode = '22004';
  end if;
  select * into target from public.posts p where p.id = target_post_id and p.user_id = caller;
  if target.id is null then
    raise exception 'This post isn''t available' using errcode = 'PT404';
  end if;
  if not pinned then
    update public.posts p set pin_slot = null, pinned_at = null
    where p.id = target.id returning p.* into target;
    return target;
  end if;
  if target.pin_slot is not null then
    return target;
  end if;
  if target.archived_at is not null then
    raise exception 'Show this post on your profile before you pin it' using errcode = '23514';
  end if;
  select s::smallint into free_slot
  from generate_series(1, 3) s
  where not exists (
    select 1 from public.posts q where q.user_id = caller and q.pin_slot = s
  )
  order by s
  limit 1;
  if free_slot is null then
    raise exception 'You can pin up to 3 posts. Unpin one first.' using errcode = '23514';
  end if;
  -- Two pins at once may pick the same slot: the unique index refuses the second.
  update public.posts p set pin_slot = free_slot, pinned_at = clock_timestamp()
  where p.id = target.id returning p.* into target;
  return target;
end
$$;

grant update (archived_at, pinned_at, pin_slot) on public.posts to authenticated;

revoke all on function public.set_post_archived(uuid, boolean) from public, anon, authenticated;
revoke all on function public.set_post_pinned(uuid, boolean) from public, anon, authenticated;
revoke all on function app_private.count_archived_posts() from public, anon, authenticated;
grant execute on function public.set_post_archived(uuid, boolean) to authenticated, service_role;
grant execute on function public.set_post_pinned(uuid, boolean) to authenticated, service_role;

-- The author's own home feed and tag pages leave archived posts out too (others never see them).
create or replace function public.feed_page(before_created_at timestamp with time zone default null::timestamp with time zone, before_id uuid default null::uuid, page_size integer default 12) returns setof public.posts
    language plpgsql stable
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) < (bound_at, bound_id)
    and p.archived_at is null
    and not (p.user_id = any ((select app_rules.muted_authors('posts'))::uuid[]))
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

create or replace function public.feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer default 12) returns setof public.posts
    language plpgsql stable
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) > (after_created_at, after_id)
    and p.archived_at is null
    and not (p.user_id = any ((select app_rules.muted_authors('posts'))::uuid[]))
  order by p.created_at asc, p.id asc
  limit page_limit;
end
$$;

create or replace function public.tag_page(tag text, before_created_at timestamp with time zone default null::timestamp with time zone, before_id uuid default null::uuid, page_size integer default 12) returns setof public.posts
    language plpgsql stable
    set search_path to ''
    set plan_cache_mode to 'force_generic_plan'
    as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  wanted_tag text := lower(tag_page.tag);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  select p.*
  from public.post_tags t
  join public.posts p on p.id = t.post_id
  where t.tag = wanted_tag
    and p.archived_at is null
    and (t.post_created_at, t.post_id) < (bound_at, bound_id)
  order by t.post_created_at desc, t.post_id desc
  limit page_limit;
end
$$;
