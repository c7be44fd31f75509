-- The private people a reader follows are kept with the reader's lists, so the posts policy is
-- a few array checks with nothing to look up.
--
-- Since 20261127150200 the posts policy looked up the author only for a post whose author is
-- private or suspended (`author_restricted`). That lookup, the author's profile under the
-- profiles policy and then the reader's follow under the follows policy, was still part of every
-- plan that read posts, and Postgres sets up each part of a plan every time the plan runs, used
-- or not. A feed page reads posts twice (the page, and each photo's post for the photos policy):
-- timed inside Postgres, the page statement took 0.36 to 0.42 ms more than before the safety
-- rules with the lookup in the policy, and 0.16 to 0.26 ms more without it.
--
-- Now whom the reader may see among restricted authors is a fifth kept list: the people the
-- reader follows who are private and not suspended (being followed settles a private account;
-- nobody else's suspended posts are seen). It is read with the other lists in the statement
-- that switches a request to its caller (as-role.ts), from `app_private.followed_private_people`:
-- the follows of private, unsuspended people, kept by triggers, so that the read is one index
-- range per reader however many people they follow. The policy becomes:
-- - the author themselves;
-- - otherwise, not across a block, and for a restricted author only one on that fifth list.
-- Anything that changes the table (a follow, an unfollow, a privacy or suspension change) clears
-- the kept lists for the rest of the transaction, as a write to blocks or mutes does, so they
-- are read again on the next ask.
--
-- Stories keep their lookup: a reader passes a few dozen live stories at most.
-- tests/integration/db/followed-private-people.test.ts holds the table's rules, and
-- tests/integration/db/safety-matrix.test.ts the visibility, on both databases.

create table app_private.followed_private_people (
  follower_id uuid not null,
  following_id uuid not null,
  primary key (follower_id, following_id),
  foreign key (follower_id, following_id)
    references public.follows (follower_id, following_id) on delete cascade on update cascade
);

comment on table app_private.followed_private_people is
  'The follows whose followed person is private and not suspended, kept by triggers: whom each reader may see among restricted authors (the posts policy, through app_rules.followed_private_people).';

insert into app_private.followed_private_people (follower_id, following_id)
select f.follower_id, f.following_id
from public.follows f
join public.profiles a on a.id = f.following_id
where a.is_private and a.suspended_at is null;

-- A new follow of a private, unsuspended person is kept. A follow's people never change in
-- place in the app, but a direct SQL update that moves one is checked again too (the foreign
-- key has already carried the kept row to the new pair). The profile is locked as the followers
-- count's update of the same row later in the statement would lock it (see 20261127150200): a
-- change of privacy in flight is waited for, and one starting later sees this follow.
create function app_private.keep_followed_private_person()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform 1
  from public.profiles a
  where a.id = new.following_id and a.is_private and a.suspended_at is null
  for no key update;
  if found then
    insert into app_private.followed_private_people (follower_id, following_id)
    values (new.follower_id, new.following_id)
    on conflict do nothing;
  elsif tg_op = 'UPDATE' then
    delete from app_private.followed_private_people
    where follower_id = new.follower_id and following_id = new.following_id;
  end if;
  return null;
end
$$;

revoke all on function app_private.keep_followed_private_person() from public, anon, authenticated;

create trigger keep_followed_private_person
  after insert or update of follower_id, following_id on public.follows
  for each row execute function app_private.keep_followed_private_person();

-- A person who becomes private (and is not suspended) is kept for each of their followers; one
-- who goes public or is suspended is taken out.
create function app_private.keep_followers_of_private_person()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.is_private and new.suspended_at is null then
    insert into app_private.followed_private_people (follower_id, following_id)
    select f.follower_id, f.following_id
    from public.follows f
    where f.following_id = new.id
    on conflict do nothing;
  else
    delete from app_private.followed_private_people where following_id = new.id;
  end if;
  return null;
end
$$;

revoke all on function app_private.keep_followers_of_private_person() from public, anon, authenticated;

create trigger keep_followers_of_private_person
  after update of is_private, suspended_at on public.profiles
  for each row
  when ((old.is_private and old.suspended_at is null)
        is distinct from (new.is_private and new.suspended_at is null))
  execute function app_private.keep_followers_of_private_person();

-- Reading by person, as the unfollow cascade and the privacy change do.
create index followed_private_people_following_id_idx
  on app_private.followed_private_people (following_id);

-- Every change clears the caller's kept lists (20261127150000), cascades from follows included.
create trigger forget_reader_lists
  after insert or update or delete or truncate on app_private.followed_private_people
  for each statement execute function app_private.forget_reader_lists();

-- The lists gain the fifth: `<person>=<block partners>=<muted in feeds>=<muted in stories>=
-- <followed private people>`.
create or replace function app_rules.reader_lists_of(person uuid)
returns text
language sql
stable
begin atomic
  select person::text
    || '=' || array(select b.blocked_id from public.blocks b where b.blocker_id = person
                    union all
                    select b.blocker_id from public.blocks b where b.blocked_id = person)::text
    || '=' || array(select m.muted_id from public.mutes m
                    where m.muter_id = person and m.posts)::text
    || '=' || array(select m.muted_id from public.mutes m
                    where m.muter_id = person and m.stories)::text
    || '=' || array(select p.following_id from app_private.followed_private_people p
                    where p.follower_id = person)::text;
end;

-- The fifth list, read as block_partners reads the second (20261127160000): inlined where it is
-- asked, from the kept setting, or from the definer remember_reader_lists on the first ask.
create function app_rules.followed_private_people()
returns uuid[]
language sql
stable
begin atomic
  select app_rules.reader_list(5);
end;

drop policy "Posts hidden across a block, a private account or a suspension" on public.posts;

create policy "Posts hidden across a block, a private account or a suspension" on public.posts
  as restrictive for select to anon, authenticated
  using (
    user_id = (select auth.uid())
    or (not (user_id = any ((select app_rules.block_partners())::uuid[]))
        and (not author_restricted
             or user_id = any ((select app_rules.followed_private_people())::uuid[])))
  );
