-- app_rules.can_see_author in one query. Every restrictive policy calls it once per row
-- (two calls per row of follows), so its cost is paid by every list in the app: as PL/pgSQL it
-- ran up to four statements per call, each with its own executor start. The same rule as one
-- SQL statement runs one: the author themselves; otherwise an existing, unsuspended profile,
-- not across a block, and for a private account only its followers. An id with no profile is
-- now refused (it was allowed); no row references one, every author has a profile.
create or replace function app_rules.can_see_author(author uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select author = auth.uid() or exists (
    select 1
    from public.profiles p
    where p.id = author
      and p.suspended_at is null
      and case
        when auth.uid() is null then not p.is_private
        else not exists (
               select 1 from public.blocks b
               where (b.blocker_id = auth.uid() and b.blocked_id = author)
                  or (b.blocker_id = author and b.blocked_id = auth.uid())
             )
             and (not p.is_private
                  or exists (select 1 from public.follows f
                             where f.follower_id = auth.uid() and f.following_id = author))
      end
  )
$$;
