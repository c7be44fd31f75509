-- app_rules.visible_followed_people keeps its plan between calls.
--
-- It was a SQL function with a SET clause, which Postgres never inlines and plans again on every
-- call (20261127140000 says more): a join of follows and profiles planned for each Following feed
-- page and each list of suggestions. As PL/pgSQL its query is planned once per connection, with
-- a generic plan, as the feeds' functions are. Its rows are unchanged: the caller's follows whose
-- profile is not suspended and not across a block.

create or replace function app_rules.visible_followed_people()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = 'force_generic_plan'
as $$
begin
  return query
  select f.following_id
  from public.follows f
  join public.profiles a on a.id = f.following_id
  where f.follower_id = (select auth.uid())
    and a.suspended_at is null
    and not (f.following_id = any ((select app_rules.block_partners())::uuid[]));
end
$$;
