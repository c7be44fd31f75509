-- One helper for the give-and-take-back pattern of notifications. Liking and following each
-- notify on INSERT and take the unread notification back on DELETE, with the same arguments
-- both ways; app_private.sync_notification does that once, and the two trigger functions only
-- say who is told, by whom, and about what. Behaviour is unchanged (the notifications tests
-- hold it). Comments keep their own functions: a comment notifies several people (its post's
-- or parent's author and everyone it mentions), and deleting it takes back every unread
-- notification about it by its id, which needs no recipient.

create or replace function app_private.sync_notification(
  op text,
  recipient uuid,
  actor uuid,
  kind text,
  post_id uuid,
  comment_id uuid
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if op = 'INSERT' then
    perform app_private.notify(recipient, actor, kind, post_id, comment_id);
  elsif op = 'DELETE' then
    perform app_private.unnotify(recipient, actor, kind, post_id, comment_id);
  end if;
end
$$;

create or replace function app_private.notify_like()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.likes := case when tg_op = 'DELETE' then old else new end;
begin
  -- When the post itself is being deleted its author is not found, so nothing is taken back
  -- here: its notifications go with it (on delete cascade).
  perform app_private.sync_notification(
    tg_op,
    (select p.user_id from public.posts p where p.id = changed.post_id),
    changed.user_id,
    'like',
    changed.post_id,
    null
  );
  return null;
end
$$;

create or replace function app_private.notify_follow()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.follows := case when tg_op = 'DELETE' then old else new end;
begin
  perform app_private.sync_notification(
    tg_op, changed.following_id, changed.follower_id, 'follow', null, null
  );
  return null;
end
$$;

revoke all on function app_private.sync_notification(text, uuid, uuid, text, uuid, uuid)
  from public, anon, authenticated;
revoke all on function app_private.notify_like() from public, anon, authenticated;
revoke all on function app_private.notify_follow() from public, anon, authenticated;
