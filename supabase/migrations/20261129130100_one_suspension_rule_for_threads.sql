-- Suspension has one rule for every table: the restrictive policies that call
-- app_rules.caller_may_write() (migration 20261129110000), which refuse with "Your account is
-- suspended, so you can't make changes". The thread tables also had policies of their own
-- (migration 20261129120000) whose USING filtered a suspended person's rows out of an update or
-- delete, so the write answered "0 rows" instead of that message. They go; the rpcs that bring
-- people into a thread still refuse a suspended caller (app_private.refuse_suspended_direct).

drop policy "Suspended accounts do not send messages" on public.direct_messages;
drop policy "Suspended accounts do not unsend messages" on public.direct_messages;
drop policy "Suspended accounts do not heart messages" on public.direct_reactions;
drop policy "Suspended accounts do not take hearts back" on public.direct_reactions;
drop policy "Suspended accounts do not rename groups" on public.direct_threads;
drop policy "Suspended accounts do not change their threads" on public.direct_participants;

do $$
begin
  if to_regclass('realtime.messages') is null then
    return;
  end if;
  drop policy "Suspended accounts do not type in a thread's room" on realtime.messages;
end
$$;
