-- Places (docs/product.md, "Location"): a post's location is a row of its own, one per name
-- matched without case or accents, with optional coordinates. Anyone reads places (a signed-in
-- person once past their second factor, as every table); one who is not suspended may add one
-- (RLS).
--
-- The location text a post is given (create_post, edit_post, import_post) names its place: the
-- use_place_for_location trigger finds the place by its folded name or adds it, under the
-- places policies of the person writing, and sets posts.place_id. The text stays on the post
-- as its display name, so every existing read keeps working.
--
-- A place page lists its posts under the posts policy (blocks, private accounts, suspended
-- people, archive) and, as a hashtag page's recent posts do, never a muted author's, a
-- sensitive post unless the reader shows sensitive media, or a caption with one of the
-- reader's hidden words (app_rules.listed_post_allowed); the reader's own posts always show.

create table public.places (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  latitude double precision,
  longitude double precision,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint places_name_length
    check (char_length(name) between 1 and 100 and name = btrim(name)),
  constraint places_latitude_range check (latitude between -90 and 90),
  constraint places_longitude_range check (longitude between -180 and 180),
  constraint places_coordinates_pair check ((latitude is null) = (longitude is null))
);

comment on table public.places is
  'Places a post can be at: one row per name folded without case or accents (places_folded_name_key). Anyone reads them; signed-in people add them (RLS).';

-- One place per folded name; text_pattern_ops so a search's prefix pattern uses it too.
create unique index places_folded_name_key
  on public.places (public.fold_search_text(name) text_pattern_ops);
create index places_folded_name_trgm_idx
  on public.places using gin (public.fold_search_text(name) extensions.gin_trgm_ops)
  with (fastupdate = off);
create index places_created_by_idx on public.places (created_by);

alter table public.places enable row level security;

create policy "Anyone reads places" on public.places
  for select to anon, authenticated using (true);
create policy "Users add places as themselves" on public.places
  for insert to authenticated with check (created_by = (select auth.uid()));
create policy "Second factor required once enrolled" on public.places
  as restrictive to authenticated
  using ((select app_rules.second_factor_satisfied()))
  with check ((select app_rules.second_factor_satisfied()));
create policy "Suspended accounts add nothing" on public.places
  as restrictive for insert to authenticated with check ((select app_rules.caller_may_write()));

-- A name is tidied as a post's location is (runs of spaces to one, trimmed), and a missing or
-- too-long one is refused with a message a person can act on.
create function app_private.tidy_place_name() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := nullif(btrim(regexp_replace(new.name, '\s+', ' ', 'g')), '');
  if new.name is null then
    raise exception using
      errcode = '23514', message = 'A place needs a name', hint = 'Type the place''s name.';
  end if;
  if char_length(new.name) > 100 then
    raise exception using
      errcode = '23514',
      message = 'A place name can be at most 100 characters',
      detail = format('This one has %s', char_length(new.name)),
      hint = 'Shorten the name.';
  end if;
  return new;
end
$$;

create trigger tidy_place_name before insert on public.places
  for each row execute function app_private.tidy_place_name();

revoke all on table public.places from public, anon, authenticated;
grant select on table public.places to anon, authenticated;
grant insert (name, latitude, longitude) on public.places to authenticated;
grant all on table public.places to service_role;
revoke all on function app_private.tidy_place_name() from public, anon, authenticated;

-- Posts point at their place. Old posts' location texts become places below.
alter table public.posts
  add column place_id uuid references public.places (id) on delete set null;

-- Whole, not partial: it also serves the foreign key (a place's removal finds its posts).
create index posts_place_page_idx on public.posts (place_id, created_at desc, id desc);

-- Existing locations: one place per folded name, named as its earliest post wrote it.
insert into public.places (name, created_by, created_at)
select distinct on (public.fold_search_text(p.location)) p.location, p.user_id, p.created_at
from public.posts p
where p.location is not null
order by public.fold_search_text(p.location), p.created_at, p.id
-- Two spellings that differ only in inner spaces are one place once its name is tidied.
on conflict do nothing;

update public.posts p
set place_id = pl.id
from public.places pl
where p.location is not null
  and public.fold_search_text(pl.name)
      = public.fold_search_text(regexp_replace(p.location, '\s+', ' ', 'g'));

-- After tidy_post_location (triggers fire in name order): the tidied text names the place,
-- and the post shows the place's own spelling. Security invoker, so a new place is added
-- under the writer's own places policies.
create function app_private.use_place_for_location() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  place public.places;
begin
  if new.location is null then
    new.place_id := null;
    return new;
  end if;
  select * into place from public.places pl
  where public.fold_search_text(pl.name) = public.fold_search_text(new.location);
  if place.id is null then
    insert into public.places (name) values (new.location)
    on conflict (public.fold_search_text(name)) do nothing;
    -- Added now, or by someone else a moment ago: either way it is there to find.
    select * into place from public.places pl
    where public.fold_search_text(pl.name) = public.fold_search_text(new.location);
  end if;
  new.place_id := place.id;
  new.location := place.name;
  return new;
end
$$;

create trigger use_place_for_location before insert or update of location on public.posts
  for each row execute function app_private.use_place_for_location();

revoke all on function app_private.use_place_for_location() from public, anon, authenticated;

-- A listed post (a hashtag's or a place's) the reader may be shown: their own, or one whose
-- author they have not muted, not sensitive unless they show sensitive media, and whose
-- caption has none of their hidden words. The posts policy has already applied.
create function app_rules.listed_post_allowed(
  author uuid,
  is_sensitive boolean,
  caption text,
  me uuid,
  sees_sensitive boolean,
  words text[]
)
returns boolean
language sql
stable
set search_path = ''
as $$
  select (me is not null and author = me)
      or (not (author = any ((select app_rules.muted_authors('posts'))::uuid[]))
          and (sees_sensitive or not is_sensitive)
          and (cardinality(words) = 0 or caption is null
               or not exists (select 1 from unnest(words) w
                              where app_rules.text_has_word(caption, w))))
$$;

comment on function app_rules.listed_post_allowed(uuid, boolean, text, uuid, boolean, text[]) is
  'Whether a hashtag''s or a place''s post may be listed to the reader, on top of the posts policy: their own, or no muted author, sensitive only with the setting, no hidden word.';

-- The reader's sensitive-media setting and hidden words (none for a visitor, who may not read
-- those tables at all).
create function app_rules.reader_post_filters(out sees_sensitive boolean, out words text[])
language plpgsql
stable
set search_path = ''
as $$
begin
  sees_sensitive := false;
  words := '{}';
  if auth.uid() is not null then
    select coalesce(bool_or(s.show_sensitive_media), false) into sees_sensitive
    from public.content_settings s where s.user_id = auth.uid();
    select coalesce(array_agg(w.word), '{}') into words
    from public.word_filters w where w.user_id = auth.uid();
  end if;
end
$$;

-- A hashtag's recent posts, newest first, keyset-paged, under listed_post_allowed.
create or replace function public.tag_page(
  tag text,
  before_created_at timestamp with time zone default null::timestamp with time zone,
  before_id uuid default null::uuid,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path to ''
set plan_cache_mode to 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  wanted_tag text := lower(tag_page.tag);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
  me uuid := auth.uid();
  filters record;
begin
  select * into filters from app_rules.reader_post_filters();
  return query
  select p.*
  from public.post_tags t
  join public.posts p on p.id = t.post_id
  where t.tag = wanted_tag
    and p.archived_at is null
    and (t.post_created_at, t.post_id) < (bound_at, bound_id)
    and app_rules.listed_post_allowed(p.user_id, p.is_sensitive, p.caption, me,
                                      filters.sees_sensitive, filters.words)
  order by t.post_created_at desc, t.post_id desc
  limit page_limit;
end
$$;

-- Places whose folded name starts with (first) or contains what was typed, at most 50.
create function public.search_places(query text, max_rows integer default 20)
returns setof public.places
language plpgsql
stable
set search_path = ''
as $$
declare
  folded text := coalesce(public.fold_search_text(left(query, 100)), '');
  pattern text;
  wanted integer := least(greatest(coalesce(max_rows, 20), 1), 50);
begin
  if folded = '' then
    return;
  end if;
  pattern := replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_');
  return query
  select pl.*
  from public.places pl
  where public.fold_search_text(pl.name) like pattern || '%'
     or (char_length(folded) >= 3 and public.fold_search_text(pl.name) like '%' || pattern || '%')
  order by public.fold_search_text(pl.name) like pattern || '%' desc,
           char_length(pl.name), public.fold_search_text(pl.name), pl.id
  limit wanted;
end
$$;

-- A place page's header: the place, and how many of its posts the reader can see there.
create function public.place_summary(place uuid)
returns table (id uuid, name text, latitude double precision, longitude double precision,
               posts integer)
language plpgsql
stable
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  filters record;
begin
  select * into filters from app_rules.reader_post_filters();
  return query
  select pl.id, pl.name, pl.latitude, pl.longitude,
         (select count(*)::integer from public.posts p
          where p.place_id = pl.id
            and p.archived_at is null
            and app_rules.listed_post_allowed(p.user_id, p.is_sensitive, p.caption, me,
                                              filters.sees_sensitive, filters.words))
  from public.places pl
  where pl.id = place_summary.place;
end
$$;

-- A place's posts, newest first, keyset-paged on (created_at, id).
create function public.place_page(
  place uuid,
  before_created_at timestamp with time zone default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path = ''
set plan_cache_mode to 'force_generic_plan'
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
  me uuid := auth.uid();
  filters record;
begin
  select * into filters from app_rules.reader_post_filters();
  return query
  select p.*
  from public.posts p
  where p.place_id = place_page.place
    and p.archived_at is null
    and (p.created_at, p.id) < (bound_at, bound_id)
    and app_rules.listed_post_allowed(p.user_id, p.is_sensitive, p.caption, me,
                                      filters.sees_sensitive, filters.words)
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

comment on function public.place_page(uuid, timestamptz, uuid, integer) is
  'A place''s posts, newest first, keyset-paged: the posts policy and app_rules.listed_post_allowed apply. Security invoker.';

revoke all on function app_rules.listed_post_allowed(uuid, boolean, text, uuid, boolean, text[])
  from public;
grant execute on function app_rules.listed_post_allowed(uuid, boolean, text, uuid, boolean, text[])
  to anon, authenticated, service_role;
revoke all on function app_rules.reader_post_filters() from public;
grant execute on function app_rules.reader_post_filters() to anon, authenticated, service_role;
revoke all on function public.search_places(text, integer) from public;
grant execute on function public.search_places(text, integer) to anon, authenticated, service_role;
revoke all on function public.place_summary(uuid) from public;
grant execute on function public.place_summary(uuid) to anon, authenticated, service_role;
revoke all on function public.place_page(uuid, timestamptz, uuid, integer) from public;
grant execute on function public.place_page(uuid, timestamptz, uuid, integer)
  to anon, authenticated, service_role;
