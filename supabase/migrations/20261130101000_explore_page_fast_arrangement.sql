-- Explore's page at 100,000 posts (the bench in tests/bench/explore.ts): the same posts in the same
-- order, for less work per page. A page whose authors are all different (the usual page) is
-- arranged in rank order directly, with the first two swapped when the first is by the author
-- who closed the previous page: what the general search (kept for pages that repeat an author)
-- finds, without one app_rules.explore_arrangeable call per tile. The per-candidate count of an
-- author's tiles reads array_positions instead of a subquery. Every rule of
-- 20261129170000_explore_page.sql is unchanged (its comment there describes them).

create or replace function public.explore_page(
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
    if cardinality(array_positions(counted, candidate.user_id)) >= 2 then
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
  -- unable to follow that rule (when any arrangement can). When no author is on the page twice
  -- (the usual page), that is rank order with the first two swapped if the first is by the
  -- author who closed the page before: what the search below finds, without its cost.
  if cardinality(chosen_authors) = (select count(distinct a) from unnest(chosen_authors) a) then
    if cardinality(chosen_ids) > 1 and chosen_authors[1] is not distinct from previous then
      chosen_ids := chosen_ids[2:2] || chosen_ids[1:1] || chosen_ids[3:];
    end if;
    return query
    select p.*
    from unnest(chosen_ids) with ordinality as o(id, position)
    join public.posts p on p.id = o.id
    order by o.position;
    return;
  end if;
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
