-- app_rules.block_partners reads the blocks once per transaction.
--
-- Every read of profiles, likes, comments, story views and activity passes a restrictive policy
-- that asks who the caller blocked or was blocked by, `(select app_rules.block_partners())`. The
-- sub-select makes it once per query, but a query reaches profiles more than once: a feed page
-- asks three times (its authors embed, the posts policy's author lookup, and again through each
-- photo's "seen with its post"), and each answer is two index scans of blocks behind a security
-- definer call, about 0.15 ms on PGlite: as much as a page of posts.
--
-- Now the first answer in a transaction is kept in a transaction-local setting, under the
-- caller's id, and later calls in that transaction return it. A REST request is one
-- transaction. The setting is cleared by any write to blocks in the same transaction, so a block
-- made there counts at once; a block another session commits meanwhile counts from the
-- reader's next transaction, as the app's reads always were a request behind a block made
-- elsewhere. Transaction-local settings are trusted as the request's own claims are: the API
-- roles cannot set them (no API path runs SET or set_config with caller input), and whoever can
-- set them can also set request.jwt.claims, which is auth.uid() itself.

create or replace function app_rules.block_partners()
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  remembered text := current_setting('app_rules.block_partners', true);
  partners uuid[];
begin
  if caller is null then
    return '{}'::uuid[];
  end if;
  if starts_with(remembered, caller::text || '=') then
    return substr(remembered, 38)::uuid[];
  end if;
  select coalesce(array_agg(x.id), '{}'::uuid[]) into partners
  from (
    select b.blocked_id as id from public.blocks b where b.blocker_id = caller
    union all
    select b.blocker_id from public.blocks b where b.blocked_id = caller
  ) x;
  perform set_config('app_rules.block_partners', caller::text || '=' || partners::text, true);
  return partners;
end
$$;

-- Statement-level, for a direct SQL client's multi-row writes too; clears for whoever the caller is.
create or replace function app_private.forget_block_partners()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  perform set_config('app_rules.block_partners', '', true);
  return null;
end
$$;

revoke all on function app_private.forget_block_partners() from public, anon, authenticated;

create trigger forget_block_partners
  after insert or update or delete or truncate on public.blocks
  for each statement execute function app_private.forget_block_partners();
