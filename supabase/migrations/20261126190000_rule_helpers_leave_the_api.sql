-- Functions that only policies, triggers and other functions call leave the API: in public they
-- were offered as rpc, and SECURITY DEFINER ones ran as the owner for anyone who called them
-- (direct_blocked_between told any two people's blocks apart). app_rules is not exposed, so they
-- are now reachable only through the policies and functions that use them. Policies follow a
-- moved function by itself; function bodies name it, so those are recreated here.

alter function public.direct_blocked_between(uuid, uuid) set schema app_rules;
alter function public.is_direct_participant(uuid) set schema app_rules;
alter function public.is_direct_room_member(text) set schema app_rules;
alter function public.can_send_direct(uuid) set schema app_rules;
alter function public.is_close_friend_of(uuid) set schema app_rules;
alter function public.text_has_word(text, text) set schema app_rules;

-- The blocks table exists now, so the check no longer needs dynamic SQL to survive without it.
create or replace function app_rules.direct_blocked_between(a uuid, b uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.blocks
                 where (blocker_id = a and blocked_id = b)
                    or (blocker_id = b and blocked_id = a))
$$;

CREATE OR REPLACE FUNCTION app_rules.can_send_direct(thread uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.direct_participants me
    where me.thread_id = thread and me.user_id = auth.uid()
      and me.left_at is null and me.state = 'accepted'
  )
  and not exists (
    select 1 from public.direct_participants other
    where other.thread_id = thread and other.user_id <> auth.uid() and other.left_at is null
      and app_rules.direct_blocked_between(auth.uid(), other.user_id)
  )
$function$;

CREATE OR REPLACE FUNCTION app_rules.is_direct_room_member(topic text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  -- CASE, not AND: the uuid cast must only ever see a topic that has the shape.
  select case
    when topic ~ '^direct:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then app_rules.is_direct_participant(substring(topic from 8)::uuid)
    else false
  end
$function$;

CREATE OR REPLACE FUNCTION app_private.check_comment_controls()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  author uuid;
  disabled boolean;
  words text[];
begin
  select p.user_id, p.comments_disabled into author, disabled
  from public.posts p where p.id = new.post_id;
  if disabled then
    raise exception 'Commenting is turned off for this post' using errcode = '42501';
  end if;
  new.hidden := false;
  if author is null or author = new.user_id then
    return new;
  end if;
  select array_agg(f.word) into words
  from public.word_filters f where f.user_id = author and f.kind = 'hide_comments';
  if exists (select 1 from public.content_settings s
             where s.user_id = author and s.hide_offensive_comments) then
    words := coalesce(words, '{}') || app_private.offensive_words();
  end if;
  new.hidden := exists (select 1 from unnest(words) w where app_rules.text_has_word(new.body, w));
  return new;
end
$function$;

CREATE OR REPLACE FUNCTION public.add_direct_participants(thread uuid, user_ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not app_rules.can_send_direct(thread)
     or not exists (select 1 from public.direct_threads t where t.id = thread and t.is_group) then
    raise exception 'Only people in a group can add others to it' using errcode = '42501';
  end if;
  if exists (select 1 from unnest(user_ids) u where app_rules.direct_blocked_between(auth.uid(), u)) then
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
$function$;

CREATE OR REPLACE FUNCTION public.direct_inbox(folder text DEFAULT 'inbox'::text, before timestamp with time zone DEFAULT NULL::timestamp with time zone, page_size integer DEFAULT 30)
 RETURNS TABLE(id uuid, name text, is_group boolean, last_message_at timestamp with time zone, state text, last_read_at timestamp with time zone, unread boolean, people jsonb, last_message jsonb)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
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
        and app_rules.direct_blocked_between(me.user_id, o.user_id)
    ))
  order by t.last_message_at desc, t.id desc
  limit least(greatest(coalesce(page_size, 30), 1), 100)
$function$;

CREATE OR REPLACE FUNCTION public.start_direct_thread(recipient_ids uuid[], thread_name text DEFAULT NULL::text, new_thread_id uuid DEFAULT NULL::uuid)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  if exists (select 1 from unnest(recipients) r where app_rules.direct_blocked_between(caller, r)) then
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
$function$;

-- import_post ran as the owner, so the create_post it calls skipped the posts and post_images
-- policies (the photo must be in the caller's own folder). It now runs as the caller; only the
-- back-dating, which no column grant allows, runs as the owner, and only on a post the caller
-- created in this same transaction.
create or replace function app_rules.backdate_new_post(post_id uuid, taken_at timestamptz)
returns public.posts
language plpgsql
security definer
set search_path = ''
as $$
declare
  dated public.posts;
begin
  update public.posts p set created_at = backdate_new_post.taken_at
  where p.id = backdate_new_post.post_id and p.user_id = (select auth.uid())
    and p.created_at = now()
  returning * into dated;
  if found then
    -- Hashtag pages order by the post's date, copied when the caption was indexed.
    update public.post_tags t set post_created_at = backdate_new_post.taken_at
    where t.post_id = dated.id;
  end if;
  return dated;
end
$$;

revoke all on function app_rules.backdate_new_post(uuid, timestamptz) from public, anon;
grant execute on function app_rules.backdate_new_post(uuid, timestamptz)
  to authenticated, service_role;

create or replace function public.import_post(
  caption text,
  images jsonb,
  post_id uuid,
  taken_at timestamptz
)
returns public.posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  created public.posts;
  dated public.posts;
begin
  if taken_at is null or taken_at > now() then
    raise exception 'An imported post cannot be dated in the future' using errcode = '22023';
  end if;
  if taken_at < timestamptz '2010-10-06 00:00:00+00' then
    raise exception 'An imported post cannot be dated before 2010-10-06' using errcode = '22023';
  end if;
  created := public.create_post(import_post.caption, import_post.images, import_post.post_id);
  dated := app_rules.backdate_new_post(created.id, import_post.taken_at);
  -- An idempotent retry finds the post made before: it keeps the date it was given then.
  if dated.id is null then
    return created;
  end if;
  return dated;
end
$$;
