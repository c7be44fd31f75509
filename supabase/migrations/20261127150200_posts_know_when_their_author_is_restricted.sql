-- A post knows whether its author is private or suspended, so the posts policy looks up the
-- author's profile only for those posts.
--
-- Since 20261127140100 the posts policy looked up the author of every post a read passed: a
-- primary-key lookup of profiles, under the profiles policy, for each candidate row. The
-- Following feed passes hundreds of rows, a feed page a dozen or more, and on PGlite each lookup
-- costs about as much as reading the post. Most authors are public and not suspended, and for
-- them the rule comes down to "not across a block", which needs no lookup: the caller's block
-- partners are one array per transaction (app_rules.block_partners).
--
-- `posts.author_restricted` is true while the author is private or suspended. The policy:
-- - the author themselves;
-- - a post whose author is not restricted, unless the author is across a block;
-- - a post whose author is restricted: the rule of 20261127140100 (an unsuspended author, and
--   for a private account only its followers), unchanged.
-- Wrong in one direction only would leak: a post marked unrestricted while its author is private
-- or suspended. So the column is never the caller's to set:
-- - the API roles hold column grants on posts, and none on this one;
-- - before every insert, and every update that names user_id or author_restricted, a trigger
--   reads it from the author's profile, whatever the statement said;
-- - when a profile's privacy or suspension changes, a trigger marks all its posts again, in the
--   same transaction.
-- On PostgreSQL, the insert's trigger locks the profile row (FOR NO KEY UPDATE, as the posts
-- count's update of that row later in the statement would): a post inserted while its author's
-- change is in flight waits for that change to commit and reads the new state, and a change that
-- starts after it waits for the post to commit, so its update of the author's posts sees it.
-- Not FOR SHARE: two inserts by one author would each hold it and each wait for the other to
-- update the count. Marked restricted by mistake, a post would only be checked the slow way.
--
-- Stories keep the lookup: a reader passes a few dozen live stories at most.
-- tests/integration/db/post-author-restriction.test.ts holds the column's rules, and
-- tests/integration/db/safety-matrix.test.ts the visibility, on both databases.

alter table public.posts add column author_restricted boolean not null default false;

comment on column public.posts.author_restricted is
  'Whether the author is private or suspended, kept by triggers from the profile; the posts policy looks up the author only when true. Clients cannot set it.';

update public.posts p
set author_restricted = true
from public.profiles a
where a.id = p.user_id and (a.is_private or a.suspended_at is not null);

create function app_private.read_post_author_restriction()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  restricted boolean;
begin
  select a.is_private or a.suspended_at is not null into restricted
  from public.profiles a
  where a.id = new.user_id
  for no key update;
  -- No profile (the foreign key refuses the row anyway): checked the slow way.
  new.author_restricted := coalesce(restricted, true);
  return new;
end
$$;

revoke all on function app_private.read_post_author_restriction() from public, anon, authenticated;

create trigger read_post_author_restriction
  before insert or update of user_id, author_restricted on public.posts
  for each row execute function app_private.read_post_author_restriction();

create function app_private.mark_posts_of_restricted_author()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  restricted boolean := new.is_private or new.suspended_at is not null;
begin
  -- The posts' own trigger reads the same value again from this profile, already updated here.
  update public.posts
  set author_restricted = restricted
  where user_id = new.id and author_restricted is distinct from restricted;
  return null;
end
$$;

revoke all on function app_private.mark_posts_of_restricted_author() from public, anon, authenticated;

create trigger mark_posts_of_restricted_author
  after update of is_private, suspended_at on public.profiles
  for each row
  when ((old.is_private or old.suspended_at is not null)
        is distinct from (new.is_private or new.suspended_at is not null))
  execute function app_private.mark_posts_of_restricted_author();

drop policy "Posts hidden across a block, a private account or a suspension" on public.posts;
create policy "Posts hidden across a block, a private account or a suspension" on public.posts
  as restrictive for select to anon, authenticated
  using (
    user_id = (select auth.uid())
    or (not author_restricted
        and not (user_id = any ((select app_rules.block_partners())::uuid[])))
    or (author_restricted
        and exists (
          select 1
          from public.profiles author
          where author.id = posts.user_id
            and author.suspended_at is null
            and (not author.is_private
                 or exists (select 1 from public.follows f
                            where f.follower_id = (select auth.uid())
                              and f.following_id = posts.user_id))
        ))
  );
