-- People tags on photos (issue #28, item 2), as on Instagram.
--
-- 1. post_people_tags: a person tagged at a point (x, y in 0..1 of the photo) on one photo of a
--    post (its position, as post_images keys photos), once per photo. Only the post's author
--    tags, on their own post, and never someone across a block (either side).
-- 2. At most 20 people tagged on a post (MAX_PEOPLE_TAGS in src/shared/limits.ts), counted by
--    a trigger that raises 23514 with the renderer's own words.
-- 3. profiles.manually_approve_tags: a new tag of someone who set it is 'pending' until they
--    approve it. The tagged person approves or removes their tag; the author removes any.
-- 4. Who sees a tag: approved tags with their post (the posts policies decide: blocks, private
--    accounts, suspensions); pending ones only the author and the tagged person. A tag naming
--    someone across a block is hidden, like that person's profile.
-- 5. The tagged person is told ('tag' in the activity panel), through app_private.notify,
--    which already respects blocks; removing the tag takes an unread one back.
-- 6. tagged_page(person): a page of the posts someone is tagged in (approved), for the profile's
--    Tagged tab; search_hashtags(prefix): hashtags by prefix with their post counts, for the
--    caption's autocomplete. Both run as the caller, so RLS decides what they count and show.

alter table public.profiles
  add column manually_approve_tags boolean not null default false;

grant update (manually_approve_tags) on public.profiles to authenticated;

create table public.post_people_tags (
  post_id uuid not null,
  position smallint not null,
  user_id uuid not null references public.profiles (id) on delete cascade,
  x real not null,
  y real not null,
  status text not null default 'approved',
  created_at timestamptz not null default now(),
  primary key (post_id, position, user_id),
  foreign key (post_id, position) references public.post_images (post_id, position)
    on delete cascade,
  constraint post_people_tags_x_range check (x >= 0 and x <= 1),
  constraint post_people_tags_y_range check (y >= 0 and y <= 1),
  constraint post_people_tags_status_valid check (status in ('approved', 'pending'))
);

-- The Tagged tab and "am I tagged here" read by person; the primary key serves by post.
create index post_people_tags_user_idx on public.post_people_tags (user_id, status, post_id);

revoke insert, update, delete on public.post_people_tags from anon, authenticated;
grant insert (post_id, position, user_id, x, y) on public.post_people_tags to authenticated;
grant update (status) on public.post_people_tags to authenticated;
grant delete on public.post_people_tags to authenticated;

alter table public.post_people_tags enable row level security;

create policy "Approved people tags are seen with their post" on public.post_people_tags
  for select to anon, authenticated
  using (status = 'approved');
create policy "Pending people tags are seen by the author and the tagged person"
  on public.post_people_tags
  for select to authenticated
  using (
    user_id = (select auth.uid())
    or exists (
      select 1 from public.posts p
      where p.id = post_people_tags.post_id and p.user_id = (select auth.uid())
    )
  );
create policy "People tags seen with their post" on public.post_people_tags
  as restrictive for select to anon, authenticated
  using (exists (select 1 from public.posts p where p.id = post_people_tags.post_id));
create policy "People tags hidden across a block" on public.post_people_tags
  as restrictive for select to authenticated
  using (not (user_id = any ((select app_rules.block_partners())::uuid[])));

create policy "Authors tag people on their own posts" on public.post_people_tags
  for insert to authenticated
  with check (
    exists (
      select 1 from public.posts p
      where p.id = post_people_tags.post_id and p.user_id = (select auth.uid())
    )
  );
create policy "Suspended accounts do not tag people" on public.post_people_tags
  as restrictive for insert to authenticated
  with check (not (select app_rules.caller_suspended()));
create policy "Tagged people approve their tags" on public.post_people_tags
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and status = 'approved');
create policy "Tagged people and authors remove tags" on public.post_people_tags
  for delete to authenticated
  using (
    user_id = (select auth.uid())
    or exists (
      select 1 from public.posts p
      where p.id = post_people_tags.post_id and p.user_id = (select auth.uid())
    )
  );

------------------------------------------------------------------------------------------------
-- Who may be tagged, how many, and whether the tag waits for approval
------------------------------------------------------------------------------------------------

-- The tagged person must be there for the author: not suspended, not across a block (either
-- side). The status is never the author's choice: it follows the tagged person's setting (one's
-- own tag is always approved). SECURITY DEFINER so that the count sees every tag of the post,
-- even one the author can no longer read; it is serialized per post, so two concurrent requests
-- cannot together pass the limit. The author's right to tag on this post is the insert policy's.
create or replace function app_private.guard_people_tag()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tagged_person record;
  tagged integer;
begin
  select p.manually_approve_tags, p.suspended_at is not null as suspended into tagged_person
  from public.profiles p where p.id = new.user_id;
  if not found or tagged_person.suspended or app_rules.blocked_with(new.user_id) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  new.status := case
    when tagged_person.manually_approve_tags and new.user_id is distinct from (select auth.uid())
      then 'pending'
    else 'approved'
  end;
  perform pg_advisory_xact_lock(hashtextextended('post_people_tags:' || new.post_id::text, 0));
  select count(distinct t.user_id) into tagged
  from public.post_people_tags t
  where t.post_id = new.post_id and t.user_id <> new.user_id;
  if tagged >= 20 then
    raise exception using
      errcode = '23514',
      message = 'You can tag up to 20 people in a post',
      detail = format('This post already tags %s people', tagged),
      hint = 'Remove a tag first.';
  end if;
  return new;
end
$$;

revoke all on function app_private.guard_people_tag() from public, anon, authenticated;

create trigger before_people_tag_inserted
  before insert on public.post_people_tags
  for each row execute function app_private.guard_people_tag();

-- The tagged person is told, by the post's author. When the post itself is being deleted its
-- author is not found and nothing is taken back here: its notifications go with it.
create or replace function app_private.notify_people_tag()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.post_people_tags := case when tg_op = 'DELETE' then old else new end;
begin
  -- A person tagged on several photos of one post is told once (notify skips an unread
  -- duplicate); removing one of those tags keeps the notice while another remains.
  if tg_op = 'DELETE' and exists (
    select 1 from public.post_people_tags t
    where t.post_id = changed.post_id and t.user_id = changed.user_id
  ) then
    return null;
  end if;
  perform app_private.sync_notification(
    tg_op,
    changed.user_id,
    (select p.user_id from public.posts p where p.id = changed.post_id),
    'tag',
    changed.post_id,
    null
  );
  return null;
end
$$;

revoke all on function app_private.notify_people_tag() from public, anon, authenticated;

create trigger on_people_tag_notify
  after insert or delete on public.post_people_tags
  for each row execute function app_private.notify_people_tag();

alter table public.notifications drop constraint notifications_type_valid;
alter table public.notifications add constraint notifications_type_valid
  check (type in (
    'like', 'comment', 'reply', 'mention', 'follow', 'comment_like', 'follow_request', 'tag'
  ));

------------------------------------------------------------------------------------------------
-- Reading: the Tagged tab and hashtag suggestions
------------------------------------------------------------------------------------------------

-- One page of the posts `person` is tagged in (approved), newest first, keyset by (created_at,
-- id) as the profile grid pages. A post where they are tagged on several photos comes once.
create or replace function public.tagged_page(
  person uuid,
  before_created_at timestamptz default null,
  before_id uuid default null,
  page_size integer default 12
)
returns setof public.posts
language sql
stable
set search_path = ''
as $$
  select p.*
  from public.posts p
  where p.id in (
      select t.post_id from public.post_people_tags t
      where t.user_id = tagged_page.person and t.status = 'approved'
    )
    and (p.created_at, p.id) < (
      coalesce(before_created_at, 'infinity'::timestamptz),
      coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
    )
  order by p.created_at desc, p.id desc
  limit least(greatest(coalesce(page_size, 12), 1), 100)
$$;

revoke all on function public.tagged_page(uuid, timestamptz, uuid, integer) from public;
grant execute on function public.tagged_page(uuid, timestamptz, uuid, integer)
  to anon, authenticated, service_role;

-- Hashtags starting with `prefix` (as indexed: lower case), the most used first, with how many
-- posts the caller can see carry each. The range condition lets the tag index find them.
create or replace function public.search_hashtags(prefix text, max_rows integer default 8)
returns table (tag text, posts bigint)
language sql
stable
set search_path = ''
as $$
  select t.tag, count(*) as posts
  from public.post_tags t
  where t.tag >= lower(search_hashtags.prefix)
    and starts_with(t.tag, lower(search_hashtags.prefix))
    and char_length(search_hashtags.prefix) between 1 and 100
  group by t.tag
  order by count(*) desc, t.tag
  limit least(greatest(coalesce(max_rows, 8), 1), 20)
$$;

revoke all on function public.search_hashtags(text, integer) from public;
grant execute on function public.search_hashtags(text, integer)
  to anon, authenticated, service_role;
