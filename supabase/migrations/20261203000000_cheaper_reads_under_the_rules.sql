-- What the rules cost a read, made smaller; who may see what does not change.
--
-- The home feed's pages are SQL-standard functions (BEGIN ATOMIC, SECURITY INVOKER, no SET
-- clause), which Postgres inlines into the statement that calls them: the REST layer's
-- statement, prepared once per connection, then plans the page's index scan together with its
-- embeds instead of calling into PL/pgSQL, which ran the page's query on its own and handed the
-- rows back through a tuplestore. The rows, their order and the row-level security applied to
-- them are the same (an invoker's query, so the posts policies still apply).
-- Their columns are fixed when they are created: a migration that adds a column to
-- public.posts creates them again (the feed tests fail until it does).

create or replace function public.feed_page(
  before_created_at timestamp with time zone default null::timestamp with time zone,
  before_id uuid default null::uuid,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
begin atomic
  select p.*
  from public.posts p
  -- CASE, not coalesce: Postgres counts a coalesce as not leakproof, so under row-level
  -- security it would check the bound only after the policy instead of as the index condition.
  where (p.created_at, p.id)
          < (case when feed_page.before_created_at is null then 'infinity'::timestamptz
                  else feed_page.before_created_at end,
             case when feed_page.before_id is null then 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid
                  else feed_page.before_id end)
    and p.archived_at is null
    and not (p.user_id = any ((select app_rules.muted_authors('posts'))::uuid[]))
  order by p.created_at desc, p.id desc
  limit least(greatest(coalesce(feed_page.page_size, 12), 1), 100);
end;

create or replace function public.feed_page_newer(
  after_created_at timestamp with time zone,
  after_id uuid,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
begin atomic
  select p.*
  from public.posts p
  where (p.created_at, p.id) > (feed_page_newer.after_created_at, feed_page_newer.after_id)
    and p.archived_at is null
    and not (p.user_id = any ((select app_rules.muted_authors('posts'))::uuid[]))
  order by p.created_at asc, p.id asc
  limit least(greatest(coalesce(feed_page_newer.page_size, 12), 1), 100);
end;

-- The reader's lists, for a caller with no uid (anon): empty, as app_rules.reader_list finds
-- them (no row for a null person), but answered in the inlined SQL without calling the
-- SECURITY DEFINER function, whose call (a role and search_path switch, then its query) was
-- most of what the posts and profiles policies cost an anonymous read.

create or replace function app_rules.block_partners()
returns uuid[]
language sql
stable
begin atomic
  select case when auth.uid() is null then '{}'::uuid[] else app_rules.reader_list(2) end;
end;

create or replace function app_rules.followed_private_people()
returns uuid[]
language sql
stable
begin atomic
  select case when auth.uid() is null then '{}'::uuid[] else app_rules.reader_list(5) end;
end;

create or replace function app_rules.muted_authors(kind text)
returns uuid[]
language sql
stable
begin atomic
  select case
           when auth.uid() is null then '{}'::uuid[]
           else app_rules.reader_list(case kind when 'stories' then 4 else 3 end)
         end;
end;
