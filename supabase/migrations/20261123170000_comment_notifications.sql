-- Comments in the activity feed and on the live channel.
-- 1. A new comment notifies the post's author ('comment'); a reply notifies the author of the
--    comment it answers ('reply'); every person a comment @mentions is notified ('mention'),
--    with the same rule the renderer uses to link mentions (src/shared/text-links.ts).
--    app_private.notify skips acting on your own things and repeats of an unread notification.
-- 2. Deleting a comment takes back the notifications about it the recipients have not read yet,
--    as unliking does (app_private.unnotify); read ones stay in their history.
-- 3. comments join the supabase_realtime publication, so an open post sees new comments.

create or replace function app_private.notify_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  told uuid;
  mentioned record;
begin
  if new.parent_id is null then
    select p.user_id into told from public.posts p where p.id = new.post_id;
    perform app_private.notify(told, new.user_id, 'comment', new.post_id, new.id);
  else
    select c.user_id into told from public.comments c where c.id = new.parent_id;
    perform app_private.notify(told, new.user_id, 'reply', new.post_id, new.id);
  end if;
  -- Someone already told about this comment is not told twice; unknown names notify nobody.
  for mentioned in
    select distinct pr.id
    from regexp_matches(new.body, '(^|[^A-Za-z0-9_.@#&])@([A-Za-z0-9._]{3,30})', 'g') as m
    join public.profiles pr on pr.username = lower(m[2])
    where pr.id is distinct from told
  loop
    perform app_private.notify(mentioned.id, new.user_id, 'mention', new.post_id, new.id);
  end loop;
  return new;
end
$$;

create trigger on_comment_notify
  after insert on public.comments
  for each row execute function app_private.notify_comment();

create or replace function app_private.unnotify_comment()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- By comment id (indexed): whoever was told, whatever the kind.
  delete from public.notifications n where n.comment_id = old.id and n.read_at is null;
  return old;
end
$$;

create trigger on_comment_unnotify
  after delete on public.comments
  for each row execute function app_private.unnotify_comment();

revoke all on function app_private.notify_comment() from public, anon, authenticated;
revoke all on function app_private.unnotify_comment() from public, anon, authenticated;

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'comments'
  ) then
    alter publication supabase_realtime add table public.comments;
  end if;
end
$$;
