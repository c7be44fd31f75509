-- Explore's rank (app_rules.explore_rank) computed inside the queries that rank, not called
-- once per post: explore_page ranks its 360-post pool and the tag page its top posts, and each
-- call of a SQL function with its own search_path sets and resets that setting. As a
-- SQL-standard body (BEGIN ATOMIC: its names were resolved when it was created, so it needs no
-- search_path of its own) the planner inlines it. STABLE, as date_trunc and extract on a
-- timestamptz are (an IMMUTABLE function over them is never inlined). The rank is unchanged:
-- src/shared/data/explore.ts still recomputes it exactly from a row.

create or replace function app_rules.explore_rank(
  likes integer,
  comments integer,
  created_at timestamptz,
  as_of timestamptz
)
returns bigint
language sql
stable
parallel safe
begin atomic
  -- (likes + 2 × comments + 1) per hour of age, with two hours added so a post of a minute
  -- does not outrank the day; scaled to an integer (1e9 / 3600 per engagement-hour).
  select ((greatest(likes, 0) + 2 * greatest(comments, 0) + 1)::bigint * 1000000000)
         / (greatest(extract(epoch from date_trunc('second', as_of))::bigint
                     - extract(epoch from date_trunc('second', created_at))::bigint, 0) + 7200);
end;
