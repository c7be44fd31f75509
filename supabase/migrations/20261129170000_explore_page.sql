-- Explore (docs/product.md, "Explore"): posts from people the reader does not follow, ranked by
-- engagement per hour of age, with no author twice in a row and at most two in any page-long run.
--
-- Visibility is the posts policy's (blocks, private accounts, suspensions; the function is
-- security invoker, so RLS applies as for the home feed), plus what a recommendation adds:
-- - muted people, as the feeds leave them out (app_rules.muted_authors);
-- - people the reader follows (the Following feed shows them), the reader's own posts, and every
--   restricted author (private or suspended: a recommendation is for strangers, who never see
--   a private account's posts);
-- - sensitive posts unless the reader's content settings show sensitive media;
-- - posts whose caption holds one of the reader's muted or hidden words, matched as comments
--   are (app_rules.text_has_word).
--
-- Paging is by keyset on (rank, id), both fixed for a visit: the rank is computed "as of" the
-- visit's first page (as_of, whole seconds), from the counts on the row. The client sends the
-- smallest (rank, id) of the last page and that page's authors (for the diversity rule across
-- the page break). The rank is an integer so the client can compute it from the row exactly
-- (src/shared/data/explore.ts mirrors app_rules.explore_rank).

create function app_rules.explore_rank(
  likes integer,
  comments integer,
  created_at timestamptz,
  as_of timestamptz
)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- (likes + 2 × comments + 1) per hour of age, with two hours added so a post of a minute
  -- does not outrank the day; scaled to an integer (1e9 / 3600 per engagement-hour).
  select ((greatest(likes, 0) + 2 * greatest(comments, 0) + 1)::bigint * 1000000000)
         / (greatest(extract(epoch from date_trunc('second', as_of))::bigint
                     - extract(epoch from date_trunc('second', created_at))::bigint, 0) + 7200)
$$;

comment on function app_rules.explore_rank(integer, integer, timestamptz, timestamptz) is
  'Explore''s rank of a post as of a moment: (likes + 2 comments + 1) per hour of age (plus two), as an integer the client recomputes exactly from the row (src/shared/data/explore.ts).';

create function app_rules.explore_arrangeable(authors uuid[], first_not uuid)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  -- Whether tiles by `authors` can stand in a row with no author twice in a row and not
  -- starting with `first_not`: no author holds more than half (rounded up) of the places, or
  -- half (rounded down) when it may not go first.
  select coalesce(bool_and(t.n <= (cardinality(authors) + 1) / 2
                           and (t.author is distinct from first_not
                                or t.n <= cardinality(authors) / 2)), true)
  from (select a as author, count(*) as n from unnest(authors) a group by a) t
$$;

create function public.explore_page(
  as_of timestamptz default null,
  after_rank bigint default null,
  after_id uuid default null,
  recent_authors uuid[] default null,
  page_size integer default 12
)
returns setof public.posts
language plpgsql
stable
set search_path = ''
as $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 30);
  moment timestamptz := date_trunc('second', least(coalesce(as_of, now()), now()));
  bound_rank bigint := coalesce(after_rank, 9223372036854775807);
  bound_id uuid := coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
  -- The newest posts a visit ranks: recent engagement, and a bounded cost at any table size.
  pool_size constant integer := 360;
  me uuid := auth.uid();
  followed uuid[] := '{}';
  sees_sensitive boolean := false;
  words text[] := '{}';
  earlier uuid[] := coalesce(recent_authors[greatest(cardinality(recent_authors) - 29, 1):], '{}');
  counted uuid[] := earlier;
  chosen_ids uuid[] := '{}';
  chosen_authors uuid[] := '{}';
  skipped_ids uuid[] := '{}';
  skipped_authors uuid[] := '{}';
  ordered uuid[] := '{}';
  used boolean[];
  previous uuid := earlier[cardinality(earlier)];
  pick integer;
  fallback integer;
  candidate record;
begin
  -- The reader's own lists, read as the reader (RLS); a visitor has none.
  if me is not null then
    select coalesce(array_agg(f.following_id), '{}') into followed
    from public.follows f where f.follower_id = me;
    select coalesce(bool_or(s.show_sensitive_media), false) into sees_sensitive
    from public.content_settings s where s.user_id = me;
    select coalesce(array_agg(w.word), '{}') into words
    from public.word_filters w where w.user_id = me;
  end if;

  for candidate in
    with pool as (
      select p.id, p.user_id,
             app_rules.explore_rank(p.likes_count, p.comments_count, p.created_at, moment) as rank
      from public.posts p
      where p.created_at <= moment
        and not p.author_restricted
        and p.user_id is distinct from me
        and not (p.user_id = any (followed))
        and not (p.user_id = any ((select app_rules.muted_authors('posts'))::uuid[]))
        and (sees_sensitive or not p.is_sensitive)
        and (cardinality(words) = 0 or p.caption is null
             or not exists (select 1 from unnest(words) w
                            where app_rules.text_has_word(p.caption, w)))
      order by p.created_at desc, p.id desc
      limit pool_size
    )
    select pool.id, pool.user_id, pool.rank
    from pool
    where (pool.rank, pool.id) < (bound_rank, bound_id)
    order by pool.rank desc, pool.id desc
  loop
    -- At most two posts of one author over this page and the one before it, so no run of a
    -- page's length shows anyone three times.
    if (select count(*) from unnest(counted) a where a = candidate.user_id) >= 2 then
      skipped_ids := skipped_ids || candidate.id;
      skipped_authors := skipped_authors || candidate.user_id;
      continue;
    end if;
    chosen_ids := chosen_ids || candidate.id;
    chosen_authors := chosen_authors || candidate.user_id;
    counted := counted || candidate.user_id;
    exit when cardinality(chosen_ids) >= page_limit;
  end loop;
  -- Only when too few others are left does a page take more of someone, best first.
  if cardinality(chosen_ids) < page_limit and cardinality(skipped_ids) > 0 then
    chosen_ids := chosen_ids
      || skipped_ids[1:page_limit - cardinality(chosen_ids)];
    chosen_authors := chosen_authors
      || skipped_authors[1:page_limit - cardinality(chosen_authors)];
  end if;

  -- Best first, never the author of the tile before, and never a pick that leaves the rest
  -- unable to follow that rule (when any arrangement can).
  used := array_fill(false, array[cardinality(chosen_ids)]);
  for step in 1 .. cardinality(chosen_ids) loop
    pick := null;
    fallback := null;
    for i in 1 .. cardinality(chosen_ids) loop
      continue when used[i];
      fallback := coalesce(fallback, i);
      continue when chosen_authors[i] is not distinct from previous;
      if app_rules.explore_arrangeable(
           array(select chosen_authors[j] from generate_subscripts(chosen_authors, 1) j
                 where not used[j] and j <> i),
           chosen_authors[i]) then
        pick := i;
        exit;
      end if;
      pick := coalesce(pick, -i);
    end loop;
    pick := case when pick is null then fallback when pick < 0 then -pick else pick end;
    used[pick] := true;
    ordered := ordered || chosen_ids[pick];
    previous := chosen_authors[pick];
  end loop;

  return query
  select p.*
  from unnest(ordered) with ordinality as o(id, position)
  join public.posts p on p.id = o.id
  order by o.position;
end
$$;

comment on function public.explore_page(timestamptz, bigint, uuid, uuid[], integer) is
  'Explore: a page of posts from people the reader does not follow, best engagement per hour first, keyset-paged on app_rules.explore_rank as of the visit''s first page; no author twice in a row, at most two per page-long run. Security invoker: the posts policy applies.';

revoke all on function app_rules.explore_rank(integer, integer, timestamptz, timestamptz)
  from public;
grant execute on function app_rules.explore_rank(integer, integer, timestamptz, timestamptz)
  to anon, authenticated, service_role;
revoke all on function app_rules.explore_arrangeable(uuid[], uuid) from public;
grant execute on function app_rules.explore_arrangeable(uuid[], uuid)
  to anon, authenticated, service_role;
revoke all on function public.explore_page(timestamptz, bigint, uuid, uuid[], integer)
  from public;
grant execute on function public.explore_page(timestamptz, bigint, uuid, uuid[], integer)
  to anon, authenticated, service_role;
