-- Typing and "Active now" for direct messages: only a thread's current participants may join,
-- send on (broadcast) or track in (presence) its private Realtime channel `direct:<thread id>`.
-- Realtime authorizes private channels by row-level security on realtime.messages, with
-- realtime.topic() naming the channel, on hosted Supabase and on the local backend alike. The
-- policies are made only where that table exists (hosted projects; the local backend once its
-- Realtime bootstrap has it), so this file applies everywhere.

create or replace function public.is_direct_room_member(topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  -- CASE, not AND: the uuid cast must only ever see a topic that has the shape.
  select case
    when topic ~ '^direct:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then public.is_direct_participant(substring(topic from 8)::uuid)
    else false
  end
$$;

revoke all on function public.is_direct_room_member(text) from public, anon;
grant execute on function public.is_direct_room_member(text) to authenticated, service_role;

do $$
begin
  if to_regclass('realtime.messages') is null then
    return;
  end if;
  execute $policy$
    create policy "Participants join their thread's room" on realtime.messages
      for select to authenticated
      using (public.is_direct_room_member((select realtime.topic())))
  $policy$;
  execute $policy$
    create policy "Participants type and show presence in their thread's room" on realtime.messages
      for insert to authenticated
      with check (public.is_direct_room_member((select realtime.topic())))
  $policy$;
end
$$;
