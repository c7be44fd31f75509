-- The story archive and highlights. A story no longer goes when its 24 hours are over: it stays,
-- with its views and its photo, in its author's archive, which only the author sees (a
-- permissive policy for the author; everyone else's reads keep the live-story policy). The
-- strip and a person's stories read live ones only, and a view is recorded only while a story
-- is live, so an archived story's viewers list stays as it was. Deleting one from the archive
-- deletes its row, and the delete trigger queues its photos for removal as before.
--
-- A highlight is a named, ordered row of its author's stories, live or archived, shown under
-- the bio. Whoever may see the author (app_rules.can_see_author: not blocked either way, not
-- suspended, public or followed when private) sees their highlights and, through them, the
-- stories inside; the restrictive story policies still apply, so a close-friends story in a
-- highlight shows to close friends only, and a highlight showing nothing is left out.

-- Nothing expires stories any more: they stay in their author's archive.
drop function public.expire_stories();

create policy "Authors see their archived stories" on public.stories
  for select to authenticated
  using (user_id = (select auth.uid()));

-- A story's views are recorded while it is live: the archive keeps its viewers list as it was.
create policy "Views only of live stories" on public.story_views
  as restrictive for insert to authenticated
  with check (exists (
    select 1 from public.stories s
    where s.id = story_views.story_id and s.expires_at > (select public.story_clock())
  ));

create or replace function public.mark_story_seen(target_story_id uuid) returns void
    language plpgsql
    set search_path to ''
    as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to watch stories' using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.stories s
    where s.id = target_story_id and s.expires_at > public.story_clock()
  ) then
    raise exception 'This story is no longer available' using errcode = 'PT404';
  end if;
  insert into public.story_views (story_id, viewer_id)
  values (target_story_id, caller)
  on conflict (story_id, viewer_id) do nothing;
end
$$;

create or replace function public.story_strip() returns table(user_id uuid, username text, full_name text, avatar_url text, has_unseen boolean, story_count integer, latest_at timestamp with time zone, close_friends boolean)
    language sql stable
    set search_path to ''
    as $$
  select s.user_id, p.username, p.full_name, p.avatar_url,
         bool_or(v.story_id is null) as has_unseen,
         count(*)::integer as story_count,
         max(s.created_at) as latest_at,
         bool_or(s.close_friends_only) as close_friends
  from public.stories s
  join public.profiles p on p.id = s.user_id
  left join public.story_views v
    on v.story_id = s.id and v.viewer_id = (select auth.uid())
  where s.expires_at > (select public.story_clock())
    and not (s.user_id = any ((select app_rules.muted_authors('stories'))::uuid[]))
  group by s.user_id, p.username, p.full_name, p.avatar_url
  order by s.user_id = (select auth.uid()) desc nulls last,
           bool_or(v.story_id is null) desc,
           max(s.created_at) desc,
           s.user_id
$$;

-- A person's live stories that the caller may see, oldest first (the viewer's order).
create function public.live_stories_of(person uuid) returns setof public.stories
    language sql stable
    set search_path to ''
    as $$
  select s.* from public.stories s
  where s.user_id = person and s.expires_at > (select public.story_clock())
  order by s.created_at, s.id
$$;

-- Highlights --------------------------------------------------------------------------------

-- Lets a highlight's stories be tied to its author by a foreign key.
alter table public.stories add constraint stories_user_id_id_key unique (user_id, id);

create table public.story_highlights (
    id uuid default gen_random_uuid() not null primary key,
    user_id uuid not null references public.profiles(id) on delete cascade,
    title text not null,
    cover_story_id uuid,
    position integer default 0 not null,
    created_at timestamp with time zone default now() not null,
    constraint story_highlights_title_length check (
      char_length(title) between 1 and 32 and title = btrim(title)
    ),
    constraint story_highlights_user_id_id_key unique (user_id, id)
);

comment on column public.story_highlights.position is
  'Order on the profile, smallest first (a new highlight comes first); set by reorder_story_highlights.';

create table public.story_highlight_items (
    highlight_id uuid not null,
    story_id uuid not null,
    user_id uuid not null,
    added_at timestamp with time zone default now() not null,
    primary key (highlight_id, story_id),
    -- Only the highlight's author's own stories: both keys carry the same user_id.
    constraint story_highlight_items_highlight_fkey foreign key (user_id, highlight_id)
      references public.story_highlights (user_id, id) on delete cascade,
    constraint story_highlight_items_story_fkey foreign key (user_id, story_id)
      references public.stories (user_id, id) on delete cascade
);

-- The cover is one of the highlight's stories; removing that story leaves no cover (the first
-- story stands in).
alter table public.story_highlights
  add constraint story_highlights_cover_fkey foreign key (id, cover_story_id)
    references public.story_highlight_items (highlight_id, story_id)
    on delete set null (cover_story_id);

create index story_highlights_user_id_position_idx
  on public.story_highlights (user_id, position, created_at desc);
create index story_highlights_cover_idx on public.story_highlights (cover_story_id, id);
create index story_highlight_items_highlight_user_idx
  on public.story_highlight_items (highlight_id, user_id);
create index story_highlight_items_story_user_idx
  on public.story_highlight_items (story_id, user_id);

alter table public.story_highlights enable row level security;
alter table public.story_highlight_items enable row level security;

create policy "Highlights follow their author's visibility" on public.story_highlights
  for select to authenticated
  using (app_rules.can_see_author(user_id));

create policy "Authors delete their own highlights" on public.story_highlights
  for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Highlight stories follow their highlight" on public.story_highlight_items
  for select to authenticated
  using (exists (
    select 1 from public.story_highlights h where h.id = story_highlight_items.highlight_id
  ));

create policy "Second factor required once enrolled" on public.story_highlights
  as restrictive to authenticated
  using ((select app_rules.second_factor_satisfied()))
  with check ((select app_rules.second_factor_satisfied()));

create policy "Second factor required once enrolled" on public.story_highlight_items
  as restrictive to authenticated
  using ((select app_rules.second_factor_satisfied()))
  with check ((select app_rules.second_factor_satisfied()));

create policy "Suspended accounts remove nothing" on public.story_highlights
  as restrictive for delete to authenticated
  using ((select app_rules.caller_may_write()));

-- A story in a highlight is seen by whoever sees the highlight, live or archived; the
-- restrictive policies on stories (close friends, blocks, private accounts, suspensions) still
-- decide.
create policy "Stories in a highlight are seen with it" on public.stories
  for select to authenticated
  using (exists (
    select 1 from public.story_highlight_items i where i.story_id = stories.id
  ));

-- Writes go through the rpcs below (one transaction each), except deleting a whole highlight.
revoke all on public.story_highlights, public.story_highlight_items from public, anon, authenticated;
grant select, delete on public.story_highlights to authenticated;
grant select on public.story_highlight_items to authenticated;
grant all on public.story_highlights, public.story_highlight_items to service_role;

-- A highlight left without stories (its last one deleted) goes too.
create function app_private.drop_empty_highlights() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  delete from public.story_highlights h
  where h.id in (select distinct r.highlight_id from removed r)
    and not exists (select 1 from public.story_highlight_items i where i.highlight_id = h.id);
  return null;
end
$$;

create trigger on_highlight_items_removed after delete on public.story_highlight_items
  referencing old table as removed
  for each statement execute function app_private.drop_empty_highlights();

revoke all on function app_private.drop_empty_highlights() from public, anon, authenticated;

-- The checks every highlight write makes: signed in, second factor, not suspended, a name of
-- 1 to 32 characters, 1 to 100 of the caller's own stories. Answers the trimmed name.
create function app_private.checked_highlight(title text, story_ids uuid[]) returns text
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  caller uuid := auth.uid();
  name text := btrim(coalesce(title, ''));
  wanted integer := coalesce(cardinality(story_ids), 0);
begin
  if caller is null then
    raise exception 'Sign in to make highlights' using errcode = '42501';
  end if;
  perform app_private.require_second_factor();
  perform app_rules.caller_may_write();
  if char_length(name) < 1 or char_length(name) > 32 then
    raise exception 'A highlight name is 1 to 32 characters' using errcode = '23514';
  end if;
  if wanted = 0 then
    raise exception 'Choose at least one story for the highlight' using errcode = '23514';
  end if;
  if wanted > 100 then
    raise exception 'A highlight can hold at most 100 stories' using errcode = '23514';
  end if;
  if (select count(distinct s.id) from public.stories s
      where s.id = any (story_ids) and s.user_id = caller)
     <> (select count(distinct x) from unnest(story_ids) x) then
    raise exception 'Only your own stories can go in your highlights' using errcode = 'PT404';
  end if;
  return name;
end
$$;

revoke all on function app_private.checked_highlight(text, uuid[]) from public, anon, authenticated;

-- Sets the highlight's stories to exactly `story_ids` and its cover (one of them; else the
-- oldest).
create function app_private.fill_highlight(target uuid, story_ids uuid[], cover uuid)
returns public.story_highlights
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  caller uuid := auth.uid();
  changed public.story_highlights;
begin
  -- Added before removing, so the highlight is never empty (an empty one is deleted).
  insert into public.story_highlight_items (highlight_id, story_id, user_id)
  select target, s.id, caller from public.stories s
  where s.id = any (story_ids) and s.user_id = caller
  on conflict (highlight_id, story_id) do nothing;
  delete from public.story_highlight_items i
  where i.highlight_id = target and not (i.story_id = any (story_ids));
  update public.story_highlights h
  set cover_story_id = coalesce(
        case when cover = any (story_ids) then cover end,
        (select s.id from public.stories s where s.id = any (story_ids)
         order by s.created_at, s.id limit 1))
  where h.id = target
  returning h.* into changed;
  return changed;
end
$$;

revoke all on function app_private.fill_highlight(uuid, uuid[], uuid) from public, anon, authenticated;

-- A new highlight, first on the profile, from the caller's stories (live or archived).
create function public.create_story_highlight(title text, story_ids uuid[], cover_story_id uuid default null)
returns public.story_highlights
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  caller uuid := auth.uid();
  name text;
  created public.story_highlights;
begin
  perform app_private.require_second_factor();
  perform app_rules.caller_may_write();
  name := app_private.checked_highlight(title, story_ids);
  -- One author's highlights are created one at a time, so each takes the first place.
  perform 1 from public.profiles p where p.id = caller for no key update;
  insert into public.story_highlights (user_id, title, position)
  values (caller, name, coalesce(
    (select min(h.position) from public.story_highlights h where h.user_id = caller), 1) - 1)
  returning * into created;
  return app_private.fill_highlight(created.id, story_ids, create_story_highlight.cover_story_id);
end
$$;

-- Renames the caller's highlight, sets its stories (added and removed) and its cover.
create function public.edit_story_highlight(target uuid, title text, story_ids uuid[], cover_story_id uuid default null)
returns public.story_highlights
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  name text;
begin
  perform app_private.require_second_factor();
  perform app_rules.caller_may_write();
  name := app_private.checked_highlight(title, story_ids);
  update public.story_highlights h set title = name
  where h.id = target and h.user_id = auth.uid();
  if not found then
    raise exception 'This highlight isn''t available' using errcode = 'PT404';
  end if;
  return app_private.fill_highlight(target, story_ids, edit_story_highlight.cover_story_id);
end
$$;

-- Puts the caller's highlights in the order given (the ones left out keep theirs, after).
create function public.reorder_story_highlights(highlight_ids uuid[]) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to arrange highlights' using errcode = '42501';
  end if;
  perform app_private.require_second_factor();
  perform app_rules.caller_may_write();
  if highlight_ids is null then
    raise exception 'reorder_story_highlights needs the highlights in their order' using errcode = '22004';
  end if;
  if cardinality(highlight_ids) > 1000 then
    raise exception 'Too many highlights to arrange at once' using errcode = '22023';
  end if;
  update public.story_highlights h
  set position = case
        when h.id = any (highlight_ids) then array_position(highlight_ids, h.id)
        else cardinality(highlight_ids) + 1 + h.position
      end
  where h.user_id = auth.uid();
end
$$;

-- A person's highlights the caller may see, in their order, each with its cover photo (the
-- cover story, else the first one the caller may see) and how many of its stories they see;
-- one whose stories are all hidden from the caller (close friends only) is left out.
create function public.profile_highlights(person uuid)
returns table (id uuid, title text, cover_story_id uuid, cover_url text, story_count integer)
    language sql stable
    set search_path to ''
    as $$
  select h.id, h.title, h.cover_story_id,
         coalesce(
           (select coalesce(c.thumb_url, c.image_url) from public.stories c
            where c.id = h.cover_story_id),
           (select coalesce(f.thumb_url, f.image_url)
            from public.story_highlight_items i join public.stories f on f.id = i.story_id
            where i.highlight_id = h.id order by f.created_at, f.id limit 1)
         ) as cover_url,
         (select count(*)::integer
          from public.story_highlight_items i join public.stories s on s.id = i.story_id
          where i.highlight_id = h.id) as story_count
  from public.story_highlights h
  where h.user_id = person
    and exists (select 1 from public.story_highlight_items i
                join public.stories s on s.id = i.story_id where i.highlight_id = h.id)
  order by h.position, h.created_at desc, h.id
  limit 200
$$;

-- A highlight's stories the caller may see, oldest first.
create function public.highlight_stories(target uuid) returns setof public.stories
    language sql stable
    set search_path to ''
    as $$
  select s.* from public.story_highlight_items i
  join public.stories s on s.id = i.story_id
  where i.highlight_id = target
  order by s.created_at, s.id
$$;

revoke all on function public.live_stories_of(uuid) from public, anon;
revoke all on function public.create_story_highlight(text, uuid[], uuid) from public, anon, authenticated;
revoke all on function public.edit_story_highlight(uuid, text, uuid[], uuid) from public, anon, authenticated;
revoke all on function public.reorder_story_highlights(uuid[]) from public, anon, authenticated;
revoke all on function public.profile_highlights(uuid) from public, anon;
revoke all on function public.highlight_stories(uuid) from public, anon;
grant execute on function public.live_stories_of(uuid) to authenticated, service_role;
grant execute on function public.create_story_highlight(text, uuid[], uuid) to authenticated, service_role;
grant execute on function public.edit_story_highlight(uuid, text, uuid[], uuid) to authenticated, service_role;
grant execute on function public.reorder_story_highlights(uuid[]) to authenticated, service_role;
grant execute on function public.profile_highlights(uuid) to authenticated, service_role;
grant execute on function public.highlight_stories(uuid) to authenticated, service_role;
