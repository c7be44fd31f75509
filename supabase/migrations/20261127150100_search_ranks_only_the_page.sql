-- People search sorts its matches once.
--
-- profile_search_matches numbered every match with row_number() over the ranking, then sorted
-- them again by that number to cut the page: two full sorts of every match (every "mor…" among
-- 10,000 users) where the reads before the safety rules made one top-N sort. It now takes the
-- page with one ordered, limited query and numbers only those rows, in the order they came
-- (unnest … with ordinality). The ranking, the block and suspension rule and the columns are as
-- in 20261127140000; tests/integration/db/people-queries.test.ts holds the order.

create or replace function app_rules.profile_search_matches(query text, max_rows integer)
returns table (id uuid, rank bigint)
language plpgsql
stable
security definer
-- At most 50 rows: the planner then joins them to profiles by key instead of reading them all.
rows 50
set search_path = ''
as $$
declare
  folded text := coalesce(public.fold_search_text(left(query, 100)), '');
  pattern text;
  wanted integer := least(greatest(coalesce(max_rows, 10), 1), 50);
  hidden uuid[] := app_rules.block_partners();
  caller uuid := auth.uid();
  page uuid[];
begin
  if folded = '' then
    return;
  end if;
  pattern := replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_');
  if char_length(folded) < 3 then
    -- Too short for trigrams: prefix matches only, which the pattern indexes answer.
    page := array(
      select p.id
      from public.profiles p
      where (p.username like pattern || '%' or p.search_name like pattern || '%')
        and not (p.id = any (hidden))
        and (p.suspended_at is null or p.id = caller or (select app_rules.is_moderator()))
      order by p.username = folded desc, p.username like pattern || '%' desc,
               p.followers_count desc, p.username
      limit wanted);
  else
    page := array(
      select p.id
      from public.profiles p
      where (p.username like '%' || pattern || '%' or p.search_name like '%' || pattern || '%')
        and not (p.id = any (hidden))
        and (p.suspended_at is null or p.id = caller or (select app_rules.is_moderator()))
      order by p.username = folded desc, p.username like pattern || '%' desc,
               coalesce(p.search_name like pattern || '%', false) desc,
               p.followers_count desc, p.username
      limit wanted);
  end if;
  return query select m.id, m.rank from unnest(page) with ordinality as m(id, rank);
end
$$;
