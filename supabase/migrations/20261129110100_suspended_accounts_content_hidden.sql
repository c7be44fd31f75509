-- What a suspended account did elsewhere is hidden too, until the suspension is lifted.
--
-- Its profile, posts and stories were already hidden from everyone but moderators (its profile)
-- and itself (20261126120300, 20261127150200). Its comments, likes and comment likes on others'
-- posts, the activity it caused (likes, comments, mentions, follows), its follows in followers
-- and following lists, its follow requests, the tags of it on others' posts and its story views
-- stayed visible. Now each is hidden from everyone but moderators and the person themselves.
--
-- The rule is read, not written: `app_rules.suspended_people_hidden()` lists the suspended
-- accounts other than the caller (none for a moderator) from a partial index, once per
-- statement, and each table's RESTRICTIVE select policy leaves out rows that name one. Nothing is
-- rewritten when an account is suspended or lifted, so both stay one-row writes however much the
-- person did, and realtime delivery, which selects each change back as the subscriber, follows.
-- Lists stay as fast as before for the usual case of few suspended accounts: an empty or short
-- array compared with one column per row.
--
-- Counters (likes_count, comments_count, followers and following counts) keep counting the
-- suspended person's rows: recounting would rewrite every counter they touched, at suspension
-- and again at lifting. The lists and "Liked by …" leave them out.

create index profiles_suspended_idx on public.profiles (id) where suspended_at is not null;

-- The suspended accounts whose rows the caller may not see: every one but the caller; none for
-- a moderator.
create or replace function app_rules.suspended_people_hidden()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when (select app_rules.is_moderator()) then '{}'::uuid[]
    else coalesce(
      (select array_agg(p.id) from public.profiles p
       where p.suspended_at is not null and p.id is distinct from (select auth.uid())),
      '{}'::uuid[])
  end
$$;

revoke all on function app_rules.suspended_people_hidden() from public;
grant execute on function app_rules.suspended_people_hidden()
  to anon, authenticated, service_role;

create policy "Likes of suspended accounts hidden" on public.likes
  as restrictive for select to anon, authenticated
  using (not (user_id = any ((select app_rules.suspended_people_hidden())::uuid[])));

create policy "Comments of suspended accounts hidden" on public.comments
  as restrictive for select to anon, authenticated
  using (not (user_id = any ((select app_rules.suspended_people_hidden())::uuid[])));

create policy "Comment likes of suspended accounts hidden" on public.comment_likes
  as restrictive for select to anon, authenticated
  using (not (user_id = any ((select app_rules.suspended_people_hidden())::uuid[])));

-- Either side: a follow is part of both people's lists.
create policy "Follows of suspended accounts hidden" on public.follows
  as restrictive for select to anon, authenticated
  using (not (array[follower_id, following_id]
              && (select app_rules.suspended_people_hidden())::uuid[]));

create policy "Follow requests of suspended accounts hidden" on public.follow_requests
  as restrictive for select to authenticated
  using (not (array[requester_id, target_id]
              && (select app_rules.suspended_people_hidden())::uuid[]));

create policy "Activity caused by suspended accounts hidden" on public.notifications
  as restrictive for select to authenticated
  using (not (actor_id = any ((select app_rules.suspended_people_hidden())::uuid[])));

create policy "Tags of suspended accounts hidden" on public.post_people_tags
  as restrictive for select to anon, authenticated
  using (not (user_id = any ((select app_rules.suspended_people_hidden())::uuid[])));

create policy "Story views of suspended accounts hidden" on public.story_views
  as restrictive for select to authenticated
  using (not (viewer_id = any ((select app_rules.suspended_people_hidden())::uuid[])));
