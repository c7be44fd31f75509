-- Saved posts, private to the person who saved them, and the hashtags of every caption.
--
-- post_tags is filled by a trigger from the caption (on insert and whenever the caption
-- changes), so clients cannot tag a post with what its caption does not say. It copies the
-- post's created_at, so a tag page is one index range walked in feed order, keyset-paged on
-- (created_at, id) like the feed. A tag is what follows a '#' that starts a word: ASCII
-- letters, digits and '_', up to 100 of them, stored lower-case ("a#b" and "&#39;" are no tags). The renderer links tags with the same rule
-- (src/shared/text-links.ts).

-- An own id, as likes have: with (user_id, post_id) as its primary key saves would be a junction
-- table between posts and profiles, and PostgREST could no longer tell which relationship a
-- posts?select=profiles(...) embed means.
create table public.saves (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  post_id uuid not null references public.posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint saves_user_post_unique unique (user_id, post_id)
);

create index saves_post_id_idx on public.saves (post_id);
create index saves_user_id_created_at_idx on public.saves (user_id, created_at desc, post_id desc);

revoke insert, update on public.saves from anon, authenticated;
grant insert (user_id, post_id) on public.saves to authenticated;

alter table public.saves enable row level security;

create policy "Users read their own saves" on public.saves
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users save as themselves" on public.saves
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users remove their own saves" on public.saves
  for delete to authenticated using (user_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- Hashtags
------------------------------------------------------------------------------------------------

create table public.post_tags (
  post_id uuid not null references public.posts (id) on delete cascade,
  tag text not null constraint post_tags_tag_format check (tag ~ '^[a-z0-9_]{1,100}$'),
  post_created_at timestamptz not null,
  primary key (post_id, tag)
);

create index post_tags_page_idx on public.post_tags (tag, post_created_at desc, post_id desc);

revoke insert, update, delete on public.post_tags from anon, authenticated;

alter table public.post_tags enable row level security;

create policy "Post tags are readable by everyone" on public.post_tags
  for select to anon, authenticated using (true);

create or replace function app_private.index_post_tags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    delete from public.post_tags where post_id = new.id;
  end if;
  insert into public.post_tags (post_id, tag, post_created_at)
  select distinct new.id, lower(m[2]), new.created_at
  from regexp_matches(coalesce(new.caption, ''), '(^|[^A-Za-z0-9_.@#&])#([A-Za-z0-9_]{1,100})', 'g')
    as m;
  return null;
end
$$;

create trigger on_post_caption_tagged
  after insert or update of caption on public.posts
  for each row execute function app_private.index_post_tags();

revoke all on function app_private.index_post_tags() from public, anon, authenticated;

-- The posts carrying a tag, newest first; SECURITY INVOKER so the posts policies apply.
create or replace function public.tag_page(
  tag text,
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
security invoker
set search_path = ''
as $$
  select p.*
  from public.post_tags t
  join public.posts p on p.id = t.post_id
  where t.tag = lower(tag_page.tag)
    and (t.post_created_at, t.post_id) < (
      coalesce(before_created_at, 'infinity'::timestamptz),
      coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
    )
  order by t.post_created_at desc, t.post_id desc
  limit least(greatest(coalesce(page_size, 12), 1), 100)
$$;

revoke all on function public.tag_page(text, timestamptz, uuid, integer) from public;
grant execute on function public.tag_page(text, timestamptz, uuid, integer)
  to anon, authenticated, service_role;
