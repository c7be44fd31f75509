-- Who sees whose rows: blocks, private accounts and suspensions, everywhere (issue #25).
--
-- Every rule here is a RESTRICTIVE policy: it is ANDed with the permissive policies that were
-- already there, so it only ever takes rows away, and it applies to every reader of a table
-- alike: plain selects, embeds, the SECURITY INVOKER rpcs (feeds, tag pages, search, lists,
-- comments, activity, the story strip) and the local backend's realtime delivery, which
-- selects each changed row back as the subscriber.
-- - Two people on the two sides of a block do not see each other's profile, posts, stories,
--   comments, likes, follows or activity.
-- - A private account's posts, stories, followers/following lists, and the likes and comments
--   on its posts are seen only by itself and its followers. Its profile row (header, counts)
--   stays readable.
-- - A suspended account and everything it made are hidden from everyone but moderators (its
--   profile) and itself, and it can no longer write.
-- Writes across these rules are refused with a readable message by the guards at the end.

-- Whether the caller may see what `author` made: the author themselves; otherwise not across a
-- block or a suspension, and for a private account only its followers. PL/pgSQL so its plans
-- are kept across the rows of a statement; three index lookups at most.
create or replace function app_rules.can_see_author(author uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  author_private boolean;
  author_suspended boolean;
begin
  if author = caller then
    return true;
  end if;
  select p.is_private, p.suspended_at is not null into author_private, author_suspended
  from public.profiles p where p.id = author;
  if author_suspended then
    return false;
  end if;
  if caller is null then
    return not coalesce(author_private, false);
  end if;
  if exists (select 1 from public.blocks b
             where (b.blocker_id = caller and b.blocked_id = author)
                or (b.blocker_id = author and b.blocked_id = caller)) then
    return false;
  end if;
  return not coalesce(author_private, false)
      or exists (select 1 from public.follows f
                 where f.follower_id = caller and f.following_id = author);
end
$$;

revoke all on function app_rules.can_see_author(uuid) from public;
grant execute on function app_rules.can_see_author(uuid) to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Reading
------------------------------------------------------------------------------------------------

create policy "Profiles hidden across a block or a suspension" on public.profiles
  as restrictive for select to anon, authenticated
  using (
    not (id = any ((select app_rules.block_partners())::uuid[]))
    and (suspended_at is null or id = (select auth.uid()) or (select app_rules.is_moderator()))
  );

create policy "Posts hidden across a block, a private account or a suspension" on public.posts
  as restrictive for select to anon, authenticated
  using (app_rules.can_see_author(user_id));

-- The sub-selects run under the posts policies: a photo or a tag is seen with its post.
create policy "Post images seen with their post" on public.post_images
  as restrictive for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_images.post_id));

create policy "Post tags seen with their post" on public.post_tags
  as restrictive for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_tags.post_id));

create policy "Likes hidden across a block and with their post" on public.likes
  as restrictive for select to anon, authenticated
  using (
    not (user_id = any ((select app_rules.block_partners())::uuid[]))
    and exists (select 1 from public.posts p where p.id = likes.post_id)
  );

create policy "Comments hidden across a block and with their post" on public.comments
  as restrictive for select to anon, authenticated
  using (
    not (user_id = any ((select app_rules.block_partners())::uuid[]))
    and exists (select 1 from public.posts p where p.id = comments.post_id)
  );

-- A follow is part of both people's lists: seen by the two of them, and by others only when
-- both lists are theirs to see (so a private account's lists, and anyone across a block, stay
-- hidden).
create policy "Follows hidden across a block and in private lists" on public.follows
  as restrictive for select to anon, authenticated
  using (
    follower_id = (select auth.uid())
    or following_id = (select auth.uid())
    or (app_rules.can_see_author(follower_id) and app_rules.can_see_author(following_id))
  );

create policy "Stories hidden across a block or a suspension" on public.stories
  as restrictive for select to authenticated
  using (app_rules.can_see_author(user_id));

create policy "Story views hidden across a block" on public.story_views
  as restrictive for select to authenticated
  using (not (viewer_id = any ((select app_rules.block_partners())::uuid[])));

create policy "Activity hidden across a block" on public.notifications
  as restrictive for select to authenticated
  using (not (actor_id = any ((select app_rules.block_partners())::uuid[])));

------------------------------------------------------------------------------------------------
-- Writing: a suspended account writes nothing
------------------------------------------------------------------------------------------------

create policy "Suspended accounts do not post" on public.posts
  as restrictive for insert to authenticated with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not comment" on public.comments
  as restrictive for insert to authenticated with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not like" on public.likes
  as restrictive for insert to authenticated with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not follow" on public.follows
  as restrictive for insert to authenticated with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not ask to follow" on public.follow_requests
  as restrictive for insert to authenticated with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not post stories" on public.stories
  as restrictive for insert to authenticated with check (not (select app_rules.caller_suspended()));
create policy "Suspended accounts do not report" on public.reports
  as restrictive for insert to authenticated with check (not (select app_rules.caller_suspended()));

------------------------------------------------------------------------------------------------
-- Writing: only on what one can see, with a readable refusal
------------------------------------------------------------------------------------------------

-- Runs as the caller, so "can see" is the policies above: a post across a block or of a private
-- account one does not follow is not found. Liking, commenting and replying are refused alike.
create or replace function app_private.guard_post_interaction()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if not exists (select 1 from public.posts p where p.id = new.post_id) then
    raise exception 'This post isn''t available' using errcode = 'PT404';
  end if;
  -- Nested, so the likes table (which has no parent_id) never parses the inner condition.
  if tg_table_name = 'comments' then
    if new.parent_id is not null
       and not exists (select 1 from public.comments c where c.id = new.parent_id) then
      raise exception 'The comment you are replying to isn''t available' using errcode = 'PT404';
    end if;
  end if;
  return new;
end
$$;

create trigger guard_like_visibility
  before insert on public.likes
  for each row execute function app_private.guard_post_interaction();

create trigger guard_comment_visibility
  before insert on public.comments
  for each row execute function app_private.guard_post_interaction();

revoke all on function app_private.guard_post_interaction() from public, anon, authenticated;
