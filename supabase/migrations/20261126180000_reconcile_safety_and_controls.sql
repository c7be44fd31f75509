-- Two changes made side by side each redefined what the other also needed:
-- * the story strip: mutes (20261126120400) hide muted people's stories; close friends
--   (20261126130000) added the green ring's column and, recreating the function, lost the mutes.
--   This is both.
-- * the notification types: comment likes (20261126110000) added 'comment_like' and private
--   accounts (20261126120100) added 'follow_request', each replacing the list. This is both.

create or replace function public.story_strip()
returns table (
  user_id uuid,
  username text,
  full_name text,
  avatar_url text,
  has_unseen boolean,
  story_count integer,
  latest_at timestamptz,
  close_friends boolean
)
language sql
stable
security invoker
set search_path = ''
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
  where not (s.user_id = any ((select app_rules.muted_authors('stories'))::uuid[]))
  group by s.user_id, p.username, p.full_name, p.avatar_url
  order by s.user_id = (select auth.uid()) desc nulls last,
           bool_or(v.story_id is null) desc,
           max(s.created_at) desc,
           s.user_id
$$;

alter table public.notifications drop constraint notifications_type_valid;
alter table public.notifications add constraint notifications_type_valid
  check (type in ('like', 'comment', 'reply', 'mention', 'follow', 'comment_like', 'follow_request'));
