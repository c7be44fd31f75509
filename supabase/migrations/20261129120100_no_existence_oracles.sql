-- No existence or identity oracle across blocks, private accounts and suspensions: a write that
-- names a row the caller may not see answers exactly as one naming an id that does not exist,
-- and no read shows a person on the other side of a block.
--
-- - Saving a post: the saves policies asked only that the saver be the caller, so saving a post
--   one cannot see answered 201 where an unknown id answered 409 (the foreign key). Saves now
--   meet the guard likes and comments meet (PT404 "This post isn't available" for both).
-- - Commenting: the comment controls (SECURITY DEFINER) answered "Commenting is turned off"
--   for a hidden post whose author had turned comments off, and the reply threading answered
--   "was deleted" (23503) for an unknown parent but let a hidden one through to the guard. The
--   guard now fires first (triggers fire in name order): both answer as for an unknown id.
-- - A comment's likes showed the id of a person who blocked the reader; they are hidden across
--   a block as a post's likes are.
-- - Muting someone and adding them to close friends answered 201 for a person one cannot see
--   (who blocked you, or is suspended) and 409 for an unknown id; both are now PT404 "This
--   account isn't available", as following answers. Blocking stays open to any id one holds,
--   on purpose: one may block back someone who blocked them, so that an unblock on their side
--   never lets them in again.
-- - A heart on a message of a thread one is not in answered 403 (the policy) where an unknown
--   message answered 404 ("This message was unsent"); both answer 404 now.

------------------------------------------------------------------------------------------------
-- Saves: only posts one can see
------------------------------------------------------------------------------------------------

create trigger guard_save_visibility
  before insert on public.saves
  for each row execute function app_private.guard_post_interaction();

------------------------------------------------------------------------------------------------
-- Comments: visibility before any other check
------------------------------------------------------------------------------------------------

drop trigger guard_comment_visibility on public.comments;
-- "allowed" sorts before the other before-insert triggers on comments
-- (before_comment_checked_controls, before_comment_inserted, on_comment_limit_mentions).
create trigger before_comment_allowed
  before insert on public.comments
  for each row execute function app_private.guard_post_interaction();

------------------------------------------------------------------------------------------------
-- Comment likes: hidden across a block, as likes are
------------------------------------------------------------------------------------------------

create policy "Comment likes hidden across a block" on public.comment_likes
  as restrictive for select to anon, authenticated
  using (not (user_id = any ((select app_rules.block_partners())::uuid[])));

------------------------------------------------------------------------------------------------
-- Mutes and close friends: only people one can see
------------------------------------------------------------------------------------------------

-- Runs as the caller, so "can see" is the profiles policies: someone across a block or
-- suspended is not found, as an unknown id is not.
create or replace function app_private.guard_person_target()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  target uuid := case tg_table_name
    when 'mutes' then (to_jsonb(new) ->> 'muted_id')::uuid
    else (to_jsonb(new) ->> 'friend_id')::uuid
  end;
begin
  if not exists (select 1 from public.profiles p where p.id = target) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  return new;
end
$$;

revoke all on function app_private.guard_person_target() from public, anon, authenticated;

create trigger guard_mute_target
  before insert on public.mutes
  for each row execute function app_private.guard_person_target();

create trigger guard_close_friend_target
  before insert on public.close_friends
  for each row execute function app_private.guard_person_target();

------------------------------------------------------------------------------------------------
-- Hearts: a message of another thread is not found, as an unknown one is not
------------------------------------------------------------------------------------------------

create or replace function app_private.fill_direct_reaction()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select m.thread_id into new.thread_id
  from public.direct_messages m
  where m.id = new.message_id
    -- A signed-in caller finds only messages of their own threads; the service role all.
    and (auth.uid() is null or app_rules.is_direct_participant(m.thread_id));
  if new.thread_id is null then
    raise exception 'This message was unsent' using errcode = 'PT404';
  end if;
  new.created_at := now();
  return new;
end
$$;
