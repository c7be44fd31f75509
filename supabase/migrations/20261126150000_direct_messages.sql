-- Direct messages: one-to-one and group threads (up to 32 people), their messages and hearts.
--
-- - public.direct_threads: a conversation. A one-to-one thread between two people is unique
--   (start_direct_thread finds it again); a group has an optional name.
-- - public.direct_participants: who is in a thread, whether they accepted it (a message from
--   someone the recipient does not follow lands in their Requests), when they last read it,
--   and when they left it (a left thread and a deleted request disappear for that person).
-- - public.direct_messages: text (1 to 1,000 characters), a photo (uploaded by the sender to
--   images/direct/{sender}/), a shared post with an optional note, a story reply (the story is
--   read through the stories policies, so an expired one comes back as nothing: "Story
--   unavailable") and a story reaction. The id may be chosen by the client, so a retried send
--   finds the message it already made (the outbox's idempotency). Unsend is a delete by the
--   sender.
-- - public.direct_reactions: one heart per person per message.
--
-- Only a thread's current participants see or write anything in it: every policy asks
-- public.is_direct_participant, and Realtime applies the same SELECT policies to each change
-- before it delivers it. Only accepted participants send; nobody sends to a person who blocked
-- them (public.direct_blocked_between, the one place a block rule lives).

------------------------------------------------------------------------------------------------
-- Tables
------------------------------------------------------------------------------------------------

create table public.direct_threads (
  id uuid primary key default gen_random_uuid(),
  created_by uuid not null references public.profiles (id) on delete cascade,
  is_group boolean not null default false,
  name text constraint direct_threads_name_length check (char_length(name) between 1 and 64),
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now()
);

create table public.direct_participants (
  thread_id uuid not null references public.direct_threads (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  state text not null default 'accepted'
    constraint direct_participants_state check (state in ('accepted', 'request')),
  joined_at timestamptz not null default now(),
  last_read_at timestamptz,
  left_at timestamptz,
  primary key (thread_id, user_id)
);

create table public.direct_messages (
  id uuid primary key default gen_random_uuid(),
  thread_id uuid not null references public.direct_threads (id) on delete cascade,
  sender_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null
    constraint direct_messages_kind check (
      kind in ('text', 'photo', 'post', 'story_reply', 'story_reaction')
    ),
  body text constraint direct_messages_body_length check (char_length(body) <= 1000),
  image_url text constraint direct_messages_image_url_storage check (
    image_url is null or public.is_storage_public_url(image_url)
  ),
  thumb_url text constraint direct_messages_thumb_url_storage check (
    thumb_url is null or public.is_storage_public_url(thumb_url)
  ),
  width integer constraint direct_messages_width check (width between 1 and 20000),
  height integer constraint direct_messages_height check (height between 1 and 20000),
  placeholder text
    constraint direct_messages_placeholder_format check (placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$'),
  -- A deleted post or a swept story leaves the message, which then shows "unavailable".
  post_id uuid references public.posts (id) on delete set null,
  story_id uuid references public.stories (id) on delete set null,
  created_at timestamptz not null default now()
);

create table public.direct_reactions (
  message_id uuid not null references public.direct_messages (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  -- Copied from the message by a trigger, so the policies and Realtime filters need no join.
  thread_id uuid not null references public.direct_threads (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (message_id, user_id)
);

-- History is keyset-paged newest first on (created_at, id).
create index direct_messages_thread_created_idx
  on public.direct_messages (thread_id, created_at desc, id desc);
create index direct_messages_sender_id_idx on public.direct_messages (sender_id);
create index direct_messages_post_id_idx on public.direct_messages (post_id);
create index direct_messages_story_id_idx on public.direct_messages (story_id);
create index direct_participants_user_id_idx on public.direct_participants (user_id);
create index direct_threads_created_by_idx on public.direct_threads (created_by);
create index direct_reactions_user_id_idx on public.direct_reactions (user_id);
create index direct_reactions_thread_id_idx on public.direct_reactions (thread_id);

------------------------------------------------------------------------------------------------
-- The checks the policies ask (SECURITY DEFINER: they read participants without recursing
-- into participants' own policy; never executable by anon)
------------------------------------------------------------------------------------------------

create or replace function public.is_direct_participant(thread uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.direct_participants p
    where p.thread_id = thread and p.user_id = auth.uid() and p.left_at is null
  )
$$;

-- The block rule, in one place. It reads public.blocks (blocker_id, blocked_id) when that
-- table exists (the safety feature adds it), so the rule applies from the moment it does.
create or replace function public.direct_blocked_between(a uuid, b uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  blocked boolean := false;
begin
  if to_regclass('public.blocks') is null then
    return false;
  end if;
  execute 'select exists (select 1 from public.blocks
                          where (blocker_id = $1 and blocked_id = $2)
                             or (blocker_id = $2 and blocked_id = $1))'
    into blocked using a, b;
  return blocked;
end
$$;

-- May the caller send in this thread: an accepted, current participant whom no other current
-- participant has blocked (and who has blocked none of them).
create or replace function public.can_send_direct(thread uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.direct_participants me
    where me.thread_id = thread and me.user_id = auth.uid()
      and me.left_at is null and me.state = 'accepted'
  )
  and not exists (
    select 1 from public.direct_participants other
    where other.thread_id = thread and other.user_id <> auth.uid() and other.left_at is null
      and public.direct_blocked_between(auth.uid(), other.user_id)
  )
$$;

revoke all on function public.is_direct_participant(uuid) from public, anon;
revoke all on function public.direct_blocked_between(uuid, uuid) from public, anon;
revoke all on function public.can_send_direct(uuid) from public, anon;
grant execute on function public.is_direct_participant(uuid) to authenticated, service_role;
grant execute on function public.direct_blocked_between(uuid, uuid) to authenticated, service_role;
grant execute on function public.can_send_direct(uuid) to authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Triggers: the database sets times, checks a message's shape and keeps the inbox order
------------------------------------------------------------------------------------------------

create or replace function app_private.check_direct_message()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.created_at := clock_timestamp();
  new.body := nullif(btrim(new.body), '');
  if new.kind = 'text' and new.body is null then
    raise exception 'A message needs some text' using errcode = '23514';
  elsif new.kind = 'photo' and (new.image_url is null or new.width is null or new.height is null) then
    raise exception 'A photo message needs its photo and size' using errcode = '23514';
  elsif new.kind = 'post' and new.post_id is null then
    raise exception 'A shared post message needs the post' using errcode = '23514';
  elsif new.kind in ('story_reply', 'story_reaction') and new.story_id is null then
    raise exception 'A story reply needs the story' using errcode = '23514';
  elsif new.kind = 'story_reaction' and char_length(coalesce(new.body, '')) > 16 then
    raise exception 'A story reaction is one emoji' using errcode = '23514';
  end if;
  if new.kind <> 'photo' and (new.image_url is not null or new.thumb_url is not null) then
    raise exception 'Only a photo message carries a photo' using errcode = '23514';
  end if;
  return new;
end
$$;

create trigger before_direct_message_inserted
  before insert on public.direct_messages
  for each row execute function app_private.check_direct_message();

-- A new message moves its thread to the top and brings back a one-to-one thread the recipient
-- had deleted (a new message is a new request). The sender's own read mark is left alone: their
-- messages never count as unread for them, and one fewer row change per message is one fewer
-- row-level-security check per subscriber in Realtime.
create or replace function app_private.after_direct_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.direct_threads set last_message_at = new.created_at where id = new.thread_id;
  update public.direct_participants p
  set left_at = null, state = 'request'
  from public.direct_threads t
  where t.id = new.thread_id and not t.is_group
    and p.thread_id = new.thread_id and p.left_at is not null and p.user_id <> new.sender_id;
  return new;
end
$$;

create trigger after_direct_message_inserted
  after insert on public.direct_messages
  for each row execute function app_private.after_direct_message();

create or replace function app_private.fill_direct_reaction()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select m.thread_id into new.thread_id from public.direct_messages m where m.id = new.message_id;
  if new.thread_id is null then
    raise exception 'This message was unsent' using errcode = 'PT404';
  end if;
  new.created_at := now();
  return new;
end
$$;

create trigger before_direct_reaction_inserted
  before insert on public.direct_reactions
  for each row execute function app_private.fill_direct_reaction();

-- A participant changes only their own reading state: a request can be accepted (never
-- un-accepted), the read mark only moves forward and never past now, and leaving is for good
-- (only a new one-to-one message or being added again brings a thread back).
create or replace function app_private.guard_direct_participant()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  if old.state = 'accepted' then
    new.state := 'accepted';
  end if;
  -- least() and greatest() skip nulls, so an untouched (null) mark must stay as it was.
  if new.last_read_at is null then
    new.last_read_at := old.last_read_at;
  else
    new.last_read_at := greatest(old.last_read_at, least(new.last_read_at, now()));
  end if;
  if old.left_at is not null then
    new.left_at := old.left_at;
  elsif new.left_at is not null then
    new.left_at := now();
  end if;
  return new;
end
$$;

create trigger before_direct_participant_updated
  before update on public.direct_participants
  for each row execute function app_private.guard_direct_participant();

revoke all on all functions in schema app_private from public, anon, authenticated;

------------------------------------------------------------------------------------------------
-- Rights: clients write messages, hearts, their reading state and a group's name; threads and
-- participants are made by start_direct_thread and add_direct_participants
------------------------------------------------------------------------------------------------

revoke insert, update, delete on public.direct_threads from anon, authenticated;
revoke insert, update, delete on public.direct_participants from anon, authenticated;
revoke insert, update, delete on public.direct_messages from anon, authenticated;
revoke insert, update, delete on public.direct_reactions from anon, authenticated;
grant update (name) on public.direct_threads to authenticated;
grant update (state, last_read_at, left_at) on public.direct_participants to authenticated;
grant insert (id, thread_id, sender_id, kind, body, image_url, thumb_url, width, height,
              placeholder, post_id, story_id) on public.direct_messages to authenticated;
grant delete on public.direct_messages to authenticated;
grant insert (message_id, user_id) on public.direct_reactions to authenticated;
grant delete on public.direct_reactions to authenticated;

------------------------------------------------------------------------------------------------
-- Row-level security
------------------------------------------------------------------------------------------------

alter table public.direct_threads enable row level security;
alter table public.direct_participants enable row level security;
alter table public.direct_messages enable row level security;
alter table public.direct_reactions enable row level security;

create policy "Participants see their threads" on public.direct_threads
  for select to authenticated using (public.is_direct_participant(id));
create policy "Participants rename their group" on public.direct_threads
  for update to authenticated
  using (is_group and public.is_direct_participant(id))
  with check (is_group);

create policy "Participants see who is in their threads" on public.direct_participants
  for select to authenticated using (public.is_direct_participant(thread_id));
create policy "Participants change their own reading state" on public.direct_participants
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Participants read their threads' messages" on public.direct_messages
  for select to authenticated using (public.is_direct_participant(thread_id));
-- The photo must be the sender's own upload; a shared post and a replied story must be ones the
-- sender can see (the subqueries run under posts' and stories' policies), and a story reply
-- goes to a thread the story's author is in.
create policy "Accepted participants send as themselves" on public.direct_messages
  for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and public.can_send_direct(thread_id)
    and (image_url is null
         or public.is_own_storage_url(image_url, 'direct', (select auth.uid())))
    and (thumb_url is null
         or public.is_own_storage_url(thumb_url, 'direct', (select auth.uid())))
    and (post_id is null or exists (select 1 from public.posts p where p.id = post_id))
    and (story_id is null or exists (
      select 1 from public.stories s
      join public.direct_participants dp
        on dp.thread_id = direct_messages.thread_id and dp.user_id = s.user_id
      where s.id = story_id
    ))
  );
create policy "Senders unsend their own messages" on public.direct_messages
  for delete to authenticated
  using (sender_id = (select auth.uid()) and public.is_direct_participant(thread_id));

create policy "Participants see hearts in their threads" on public.direct_reactions
  for select to authenticated using (public.is_direct_participant(thread_id));
create policy "Participants heart messages as themselves" on public.direct_reactions
  for insert to authenticated
  with check (user_id = (select auth.uid()) and public.is_direct_participant(thread_id));
create policy "Participants take back their own hearts" on public.direct_reactions
  for delete to authenticated using (user_id = (select auth.uid()));

------------------------------------------------------------------------------------------------
-- Functions the app calls
------------------------------------------------------------------------------------------------

-- Starts (or finds) a thread with `recipient_ids`. One recipient and no name: the one-to-one
-- thread between the two, made once (a caller who had deleted it gets it back). Each recipient
-- who does not follow the caller gets it as a request. `new_thread_id` makes a retry find the
-- thread the first attempt made.
create or replace function public.start_direct_thread(
  recipient_ids uuid[],
  thread_name text default null,
  new_thread_id uuid default null
)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  recipients uuid[];
  found_id uuid;
  group_thread boolean;
begin
  if caller is null then
    raise exception 'Sign in to send messages' using errcode = '42501';
  end if;
  select coalesce(array_agg(distinct r), '{}') into recipients
  from unnest(recipient_ids) as r where r is not null and r <> caller;
  if cardinality(recipients) not between 1 and 31 then
    raise exception 'A conversation has from 2 to 32 people' using errcode = '22023';
  end if;
  if (select count(*) from public.profiles p where p.id = any(recipients)) <> cardinality(recipients) then
    raise exception 'Some of these people do not exist' using errcode = 'PT404';
  end if;
  if exists (select 1 from unnest(recipients) r where public.direct_blocked_between(caller, r)) then
    raise exception 'You cannot message this person' using errcode = '42501';
  end if;
  thread_name := nullif(btrim(thread_name), '');
  group_thread := cardinality(recipients) > 1 or thread_name is not null;

  if new_thread_id is not null then
    select t.id into found_id from public.direct_threads t where t.id = new_thread_id;
    if found then
      if exists (select 1 from public.direct_participants p
                 where p.thread_id = found_id and p.user_id = caller) then
        return found_id;
      end if;
      raise exception 'This thread id is already taken' using errcode = '23505';
    end if;
  end if;

  if not group_thread then
    select t.id into found_id
    from public.direct_threads t
    join public.direct_participants a on a.thread_id = t.id and a.user_id = caller
    join public.direct_participants b on b.thread_id = t.id and b.user_id = recipients[1]
    where not t.is_group
    limit 1;
    if found then
      update public.direct_participants set left_at = null
      where thread_id = found_id and user_id = caller;
      return found_id;
    end if;
  end if;

  insert into public.direct_threads (id, created_by, is_group, name)
  values (coalesce(new_thread_id, gen_random_uuid()), caller, group_thread, thread_name)
  returning id into found_id;
  insert into public.direct_participants (thread_id, user_id, state)
  select found_id, caller, 'accepted'
  union all
  select found_id, r,
         case when exists (select 1 from public.follows f
                           where f.follower_id = r and f.following_id = caller)
              then 'accepted' else 'request' end
  from unnest(recipients) as r;
  return found_id;
end
$$;

-- Adds people to a group the caller is in (never past 32 current participants). The added
-- see the thread as accepted: a member of the group invited them.
create or replace function public.add_direct_participants(thread uuid, user_ids uuid[])
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not public.can_send_direct(thread)
     or not exists (select 1 from public.direct_threads t where t.id = thread and t.is_group) then
    raise exception 'Only people in a group can add others to it' using errcode = '42501';
  end if;
  if exists (select 1 from unnest(user_ids) u where public.direct_blocked_between(auth.uid(), u)) then
    raise exception 'You cannot add this person' using errcode = '42501';
  end if;
  insert into public.direct_participants (thread_id, user_id, state)
  select thread, p.id, 'accepted' from public.profiles p where p.id = any(user_ids)
  on conflict (thread_id, user_id) do update set left_at = null, joined_at = now();
  if (select count(*) from public.direct_participants p
      where p.thread_id = thread and p.left_at is null) > 32 then
    raise exception 'A group has at most 32 people' using errcode = '22023';
  end if;
end
$$;

revoke all on function public.start_direct_thread(uuid[], text, uuid) from public, anon;
revoke all on function public.add_direct_participants(uuid, uuid[]) from public, anon;
grant execute on function public.start_direct_thread(uuid[], text, uuid)
  to authenticated, service_role;
grant execute on function public.add_direct_participants(uuid, uuid[])
  to authenticated, service_role;

-- The inbox (folder 'inbox') or the Requests folder ('requests'), newest first, keyset-paged on
-- last_message_at: each thread with the other people, the last message and whether it is
-- unread. SECURITY INVOKER: the policies above decide what the caller sees.
create or replace function public.direct_inbox(
  folder text default 'inbox',
  before timestamptz default null,
  page_size integer default 30
)
returns table (
  id uuid,
  name text,
  is_group boolean,
  last_message_at timestamptz,
  state text,
  last_read_at timestamptz,
  unread boolean,
  people jsonb,
  last_message jsonb
)
language sql
stable
security invoker
set search_path = ''
as $$
  select t.id, t.name, t.is_group, t.last_message_at, me.state, me.last_read_at,
         coalesce(lm.sender_id <> me.user_id
                  and lm.created_at > coalesce(me.last_read_at, '-infinity'), false) as unread,
         coalesce((
           select jsonb_agg(jsonb_build_object('id', pr.id, 'username', pr.username,
                                               'full_name', pr.full_name,
                                               'avatar_url', pr.avatar_url,
                                               'last_read_at', o.last_read_at)
                            order by o.joined_at, pr.id)
           from public.direct_participants o
           join public.profiles pr on pr.id = o.user_id
           where o.thread_id = t.id and o.user_id <> me.user_id and o.left_at is null
         ), '[]'::jsonb) as people,
         case when lm.id is null then null
              else jsonb_build_object('id', lm.id, 'sender_id', lm.sender_id, 'kind', lm.kind,
                                      'body', lm.body, 'created_at', lm.created_at) end
  from public.direct_participants me
  join public.direct_threads t on t.id = me.thread_id
  left join lateral (
    select m.* from public.direct_messages m
    where m.thread_id = t.id
    order by m.created_at desc, m.id desc
    limit 1
  ) lm on true
  where me.user_id = (select auth.uid()) and me.left_at is null
    and me.state = case when folder = 'requests' then 'request' else 'accepted' end
    and (before is null or t.last_message_at < before)
    -- A request shows once it has a message; a thread the caller started shows at once.
    and (me.state = 'accepted' or lm.id is not null)
    -- A one-to-one thread with someone blocked (either way) is hidden.
    and (t.is_group or not exists (
      select 1 from public.direct_participants o
      where o.thread_id = t.id and o.user_id <> me.user_id
        and public.direct_blocked_between(me.user_id, o.user_id)
    ))
  order by t.last_message_at desc, t.id desc
  limit least(greatest(coalesce(page_size, 30), 1), 100)
$$;

-- How many accepted threads have a message from someone else the caller has not read (the
-- header's paper-plane badge, the dock badge and the tray).
create or replace function public.direct_unread_count()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::integer
  from public.direct_participants me
  where me.user_id = (select auth.uid()) and me.left_at is null and me.state = 'accepted'
    and exists (
      select 1 from public.direct_messages m
      where m.thread_id = me.thread_id and m.sender_id <> me.user_id
        and m.created_at > coalesce(me.last_read_at, '-infinity')
    )
$$;

revoke all on function public.direct_inbox(text, timestamptz, integer) from public, anon;
revoke all on function public.direct_unread_count() from public, anon;
grant execute on function public.direct_inbox(text, timestamptz, integer)
  to authenticated, service_role;
grant execute on function public.direct_unread_count() to authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Storage: message photos under direct/{own uid}/
------------------------------------------------------------------------------------------------

create policy "Users upload message photos into their own direct folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'images'
    and (storage.foldername(name))[1] = 'direct'
    and (storage.foldername(name))[2] = (select auth.uid()::text)
  );

------------------------------------------------------------------------------------------------
-- Realtime: messages, hearts, reads and thread order stream to participants only
------------------------------------------------------------------------------------------------

do $$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach t in array array['direct_threads', 'direct_participants', 'direct_messages',
                           'direct_reactions'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
