-- The posts and stories policies state the visibility rule themselves instead of calling
-- `app_rules.can_see_author` for every row.
--
-- That function is SECURITY DEFINER with a fixed search_path (the advisor lints require both for
-- a function), so Postgres can never inline it: each call switches settings, starts an executor
-- and restores them. A feed page made at least two calls per post it returned (the post, and
-- each photo, which is seen with its post). `npm run bench:safety` on one machine, the same run
-- with and without this migration: the feed's first page +37 % → +8 % over the reads before the
-- safety rules, a page at depth 2,000 +43 % → +24 %.
--
-- Written into the policy, the rule is part of the query Postgres plans: a lookup of the
-- author's profile by primary key, plus one of the caller's follow for a private account. Names
-- in a policy are resolved when it is created, so no search_path is involved.
--
-- The rule, as before: the author themselves; otherwise an existing, unsuspended profile, not
-- across a block, and for a private account only its followers. The sub-selects run as the
-- reader, under the profiles and follows policies: a post is seen only with its author's
-- profile, which the profiles policy already hides across a block (and, but for moderators, a
-- suspension, so that is checked here); everyone reads their own follows.
-- tests/integration/db/safety-matrix.test.ts holds every case on both databases.

drop policy "Posts hidden across a block, a private account or a suspension" on public.posts;
create policy "Posts hidden across a block, a private account or a suspension" on public.posts
  as restrictive for select to anon, authenticated
  using (
    user_id = (select auth.uid())
    or exists (
      select 1
      from public.profiles author
      where author.id = posts.user_id
        and author.suspended_at is null
        and (not author.is_private
             or exists (select 1 from public.follows f
                        where f.follower_id = (select auth.uid())
                          and f.following_id = posts.user_id))
    )
  );

drop policy "Stories hidden across a block or a suspension" on public.stories;
create policy "Stories hidden across a block or a suspension" on public.stories
  as restrictive for select to authenticated
  using (
    user_id = (select auth.uid())
    or exists (
      select 1
      from public.profiles author
      where author.id = stories.user_id
        and author.suspended_at is null
        and (not author.is_private
             or exists (select 1 from public.follows f
                        where f.follower_id = (select auth.uid())
                          and f.following_id = stories.user_id))
    )
  );
