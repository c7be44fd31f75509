-- Reports and moderation (issue #25, point 3).
--
-- 1. public.moderators names the moderators. Only the service role writes it (the local
--    backend's `npm run backend -- --moderator <email>`, or one SQL insert on a hosted project,
--    docs/moderation.md); a signed-in user reads only their own row, to know whether to show the
--    Moderation view.
-- 2. public.reports: anyone signed in reports a post, comment, story or profile they can see,
--    with a reason; nobody but moderators reads reports (not even the reporter). One open
--    report per person and thing: reporting twice is not an error and adds nothing.
-- 3. Moderators read the open reports with the reported content (moderation_reports) and
--    resolve one (moderation_resolve): dismiss it, remove the content (its photos go through
--    the photo removal queue of 20261125110100), or suspend the author: profiles.suspended_at
--    hides the account and everything it made from everyone (20261126120300_visibility.sql),
--    its writes are refused, and auth.users.banned_until stops it signing in or refreshing.

create table public.moderators (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now()
);

revoke insert, update, delete, truncate on public.moderators from anon, authenticated;
alter table public.moderators enable row level security;

create policy "Moderators read their own row" on public.moderators
  for select to authenticated using (user_id = (select auth.uid()));

alter table public.profiles
  add column suspended_at timestamptz;

create or replace function app_rules.is_moderator()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.moderators m where m.user_id = (select auth.uid()))
$$;

-- Whether the caller's account is suspended: its writes are refused.
create or replace function app_rules.caller_suspended()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles p
    where p.id = (select auth.uid()) and p.suspended_at is not null
  )
$$;

revoke all on function app_rules.is_moderator() from public;
revoke all on function app_rules.caller_suspended() from public;
grant execute on function app_rules.is_moderator() to anon, authenticated, service_role;
grant execute on function app_rules.caller_suspended() to anon, authenticated, service_role;

------------------------------------------------------------------------------------------------
-- Reports
------------------------------------------------------------------------------------------------

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  reporter_id uuid not null references public.profiles (id) on delete cascade,
  target_type text not null
    constraint reports_target_type_valid check (target_type in ('post', 'comment', 'story', 'profile')),
  target_id uuid not null,
  reason text not null
    constraint reports_reason_valid
    check (reason in ('spam', 'nudity', 'harassment', 'violence', 'other')),
  details text constraint reports_details_length check (char_length(details) <= 1000),
  status text not null default 'open'
    constraint reports_status_valid check (status in ('open', 'dismissed', 'removed', 'suspended')),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by uuid references public.profiles (id) on delete set null
);

create unique index reports_one_open_per_reporter_idx
  on public.reports (reporter_id, target_type, target_id) where status = 'open';
create index reports_reporter_id_idx on public.reports (reporter_id);
create index reports_resolved_by_idx on public.reports (resolved_by);
create index reports_open_idx on public.reports (created_at, id) where status = 'open';
create index reports_target_idx on public.reports (target_type, target_id);

revoke insert, update, delete, truncate on public.reports from anon, authenticated;
grant insert (reporter_id, target_type, target_id, reason, details) on public.reports
  to authenticated;

alter table public.reports enable row level security;

create policy "Users report as themselves" on public.reports
  for insert to authenticated with check (reporter_id = (select auth.uid()));
create policy "Only moderators read reports" on public.reports
  for select to authenticated using ((select app_rules.is_moderator()));

-- Runs as the reporter: what they cannot see (a private post, a blocked person's comment) they
-- cannot report either, and nothing reveals whether it exists.
create or replace function app_private.guard_report()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  visible boolean;
begin
  visible := case new.target_type
    when 'post' then exists (select 1 from public.posts t where t.id = new.target_id)
    when 'comment' then exists (select 1 from public.comments t where t.id = new.target_id)
    when 'story' then exists (select 1 from public.stories t where t.id = new.target_id)
    else exists (select 1 from public.profiles t where t.id = new.target_id)
  end;
  if not visible then
    raise exception 'This content isn''t available' using errcode = 'PT404';
  end if;
  return new;
end
$$;

create trigger before_report_inserted
  before insert on public.reports
  for each row execute function app_private.guard_report();

revoke all on function app_private.guard_report() from public, anon, authenticated;

-- Reports `target` with a reason; a repeat of an open report is a no-op. SECURITY INVOKER.
create or replace function public.report_content(
  target_type text,
  target_id uuid,
  reason text,
  details text default null
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to report' using errcode = '42501';
  end if;
  -- Not ON CONFLICT: that needs the reporter to read reports, which only moderators do.
  begin
    insert into public.reports (reporter_id, target_type, target_id, reason, details)
    values (auth.uid(), report_content.target_type, report_content.target_id,
            report_content.reason, nullif(btrim(report_content.details), ''));
  exception when unique_violation then
    null;
  end;
end
$$;

revoke all on function public.report_content(text, uuid, text, text) from public, anon;
grant execute on function public.report_content(text, uuid, text, text)
  to authenticated, service_role;

------------------------------------------------------------------------------------------------
-- The moderators' calls (SECURITY DEFINER: they read and remove anyone's content)
------------------------------------------------------------------------------------------------

create or replace function app_private.require_moderator()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not app_rules.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;
end
$$;

-- Open reports, oldest first, one row per reported thing (with how many reported it and the
-- latest reason), with the content as it is now: its text, its photo and its author.
create or replace function public.moderation_reports(page_size integer default 50)
returns table (
  report_id uuid,
  target_type text,
  target_id uuid,
  reason text,
  details text,
  reported_at timestamptz,
  report_count integer,
  reporter_username text,
  author_id uuid,
  author_username text,
  author_suspended boolean,
  content_text text,
  content_image_url text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform app_private.require_moderator();
  return query
  with open_targets as (
    select distinct on (r.target_type, r.target_id)
           r.id, r.target_type, r.target_id, r.reason, r.details, r.created_at, r.reporter_id,
           count(*) over (partition by r.target_type, r.target_id)::integer as n,
           min(r.created_at) over (partition by r.target_type, r.target_id) as first_at
    from public.reports r
    where r.status = 'open'
    order by r.target_type, r.target_id, r.created_at desc
  ),
  content as (
    select o.*,
           coalesce(po.user_id, co.user_id, st.user_id, pr.id) as author,
           coalesce(po.caption, co.body, st.caption, pr.bio) as body,
           coalesce(po.thumb_url, po.image_url, st.thumb_url, st.image_url, pr.avatar_url) as image
    from open_targets o
    left join public.posts po on o.target_type = 'post' and po.id = o.target_id
    left join public.comments co on o.target_type = 'comment' and co.id = o.target_id
    left join public.stories st on o.target_type = 'story' and st.id = o.target_id
    left join public.profiles pr on o.target_type = 'profile' and pr.id = o.target_id
  )
  select c.id, c.target_type, c.target_id, c.reason, c.details, c.created_at, c.n,
         rp.username, c.author, au.username, au.suspended_at is not null, c.body, c.image
  from content c
  left join public.profiles rp on rp.id = c.reporter_id
  left join public.profiles au on au.id = c.author
  order by c.first_at, c.id
  limit least(greatest(coalesce(page_size, 50), 1), 200);
end
$$;

-- Resolves every open report on the reported thing of `report`: 'dismiss' keeps the content,
-- 'remove' deletes it (a profile cannot be removed, only suspended), 'suspend' suspends its
-- author. Returns how many reports it closed.
create or replace function public.moderation_resolve(report uuid, action text)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  target record;
  author uuid;
  closed integer;
begin
  perform app_private.require_moderator();
  if action not in ('dismiss', 'remove', 'suspend') then
    raise exception 'action must be dismiss, remove or suspend' using errcode = '22023';
  end if;
  select r.target_type, r.target_id into target
  from public.reports r where r.id = report and r.status = 'open';
  if not found then
    raise exception 'This report is already resolved' using errcode = 'PT404';
  end if;
  author := case target.target_type
    when 'post' then (select p.user_id from public.posts p where p.id = target.target_id)
    when 'comment' then (select c.user_id from public.comments c where c.id = target.target_id)
    when 'story' then (select s.user_id from public.stories s where s.id = target.target_id)
    else target.target_id
  end;
  if action = 'remove' then
    if target.target_type = 'profile' then
      raise exception 'A profile is suspended, not removed' using errcode = '22023';
    end if;
    delete from public.posts p where target.target_type = 'post' and p.id = target.target_id;
    delete from public.comments c where target.target_type = 'comment' and c.id = target.target_id;
    delete from public.stories s where target.target_type = 'story' and s.id = target.target_id;
  elsif action = 'suspend' then
    if author is null then
      raise exception 'The reported content is gone; dismiss the report' using errcode = '22023';
    end if;
    update public.profiles set suspended_at = coalesce(suspended_at, now()) where id = author;
    update auth.users set banned_until = now() + interval '100 years' where id = author;
  end if;
  update public.reports r
  set status = case action when 'dismiss' then 'dismissed'
                           when 'remove' then 'removed' else 'suspended' end,
      resolved_at = now(),
      resolved_by = auth.uid()
  where r.target_type = target.target_type and r.target_id = target.target_id
    and r.status = 'open';
  get diagnostics closed = row_count;
  return closed;
end
$$;

revoke all on function app_private.require_moderator() from public, anon, authenticated;
revoke all on function public.moderation_reports(integer) from public, anon;
revoke all on function public.moderation_resolve(uuid, text) from public, anon;
grant execute on function public.moderation_reports(integer) to authenticated, service_role;
grant execute on function public.moderation_resolve(uuid, text) to authenticated, service_role;
