-- The app's housekeeping speaks the API: expiring stories, finding orphaned uploads, draining the
-- photo removal queue and naming moderators are service-role-only functions, called with
-- supabase-js by the app's own job (src/local/housekeeping on the local backend, a scheduled Edge
-- Function on a hosted project). The local backend itself knows none of this app's tables.

-- Deletes the stories whose 24 hours are over; their views go by cascade and their photos are
-- queued for removal by the delete trigger. Returns how many went.
create function public.expire_stories()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with expired as (
    delete from public.stories s where s.expires_at <= now() returning 1
  )
  select count(*)::integer from expired
$$;

comment on function public.expire_stories() is
  'Deletes expired stories (their photos are queued for removal) and returns how many. Service role only.';

-- Uploads that nothing shows: objects under posts/, avatars/ and stories/ older than the grace
-- period whose public URL no text `*_url` column of a table in public holds (posts and their
-- carousel photos, avatars, stories, photos shared in messages, and whatever table later keeps a
-- URL), matched by path, not host. The grace period keeps an upload whose row is still on its
-- way. The caller removes them through the Storage API, which deletes the bytes too.
create function public.orphaned_uploads(grace_seconds integer default 600, max_count integer default 1000)
returns table (bucket_id text, name text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  referenced text;
begin
  -- From pg_catalog, not information_schema: the same columns, read in a fraction of the time.
  select coalesce(string_agg(
           format('select substring(t.%I from %L) as path from public.%I t',
                  a.attname, '/storage/v1/object/public/([^?#]*)', c.relname),
           ' union all ' order by c.relname, a.attname),
         'select null::text as path')
    into referenced
  from pg_catalog.pg_attribute a
  join pg_catalog.pg_class c on c.oid = a.attrelid
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')
    and a.attnum > 0 and not a.attisdropped
    and a.atttypid = 'pg_catalog.text'::pg_catalog.regtype
    and a.attname like '%\_url';
  return query execute format(
    'with referenced as (%s)
     select o.bucket_id, o.name
     from storage.objects o
     where split_part(o.name, ''/'', 1) = any ($1)
       and o.created_at < now() - make_interval(secs => greatest($2, 0))
       and not exists (select 1 from referenced r where r.path = o.bucket_id || ''/'' || o.name)
     order by array_position($1, split_part(o.name, ''/'', 1)), o.bucket_id, o.name
     limit greatest(1, least($3, 1000))',
    referenced)
  using array['posts', 'avatars', 'stories'], grace_seconds, max_count;
end
$$;

comment on function public.orphaned_uploads(integer, integer) is
  'Up to max_count (at most 1000) objects under posts/, avatars/ or stories/ older than grace_seconds that no *_url column references; remove them through the Storage API. Service role only.';

-- Naming a moderator: the account with this email (case-insensitive) becomes one. False when no
-- account has it yet (sign up first); granting twice is not an error.
create function public.grant_moderator(email text)
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with account as (
    select u.id from auth.users u where lower(u.email) = lower(btrim(grant_moderator.email)) limit 1
  ), granted as (
    insert into public.moderators (user_id)
    select account.id from account
    on conflict (user_id) do update set user_id = excluded.user_id
    returning user_id
  )
  select exists (select 1 from granted)
$$;

comment on function public.grant_moderator(text) is
  'Makes the account with this email a moderator; false when no account has it. Service role only.';

revoke all on function public.expire_stories() from public, anon, authenticated;
revoke all on function public.orphaned_uploads(integer, integer) from public, anon, authenticated;
revoke all on function public.grant_moderator(text) from public, anon, authenticated;
grant execute on function public.expire_stories() to service_role;
grant execute on function public.orphaned_uploads(integer, integer) to service_role;
grant execute on function public.grant_moderator(text) to service_role;

-- A job that stays connected (the local backend's housekeeping) hears of queued photos through
-- Realtime instead of waiting for its next round. Only the service role may read the queue, so
-- Realtime delivers its rows to nobody else.
grant usage on schema app_private to service_role;
grant select on app_private.storage_removals to service_role;
alter publication supabase_realtime add table app_private.storage_removals;
