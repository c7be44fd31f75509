-- One mention rule, a bound on mentions, and usernames without stray dots.
-- 1. app_private.mentioned_usernames(body) is the one rule of what a comment @mentions, the
--    rule src/shared/text-links.ts follows to link mentions: '@' at the start or after a
--    character that cannot end a word, then 3 to 30 of a-z, 0-9, '.' and '_', less any
--    trailing dots (punctuation, not the name: "@bob." mentions bob), compared lower-case. A
--    test runs a table of texts through both and checks they agree.
-- 2. A comment may mention at most 20 people (Instagram allows about 20 tagged); one with more
--    is refused (23514) before anyone is notified. The limit is DATABASE_LIMITS in
--    src/backend/request-limits.ts, which a test checks against this function. And someone
--    mentioned on a post is not told again by the same person about the same post while the
--    first mention is unread: 300 comments mentioning them in one request told them 300 times.
-- 3. The lookup app_private.notify makes before every notification (is an identical one
--    unread?) is answered by an index on recipient, actor and kind of the unread rows; it also
--    answers "any unread?" per recipient, so the recipient-only index it replaces goes.
-- 4. Usernames also need a letter or digit and may not start or end with a dot or hold two in
--    a row (Instagram's rule): `bob.`, `...` and `___` are no usernames. Existing ones are
--    renamed first: their dots trimmed and collapsed when that name is valid and free, else
--    user_<first 12 hex digits of their id>, the name sign-up gives an unusable wish.

create or replace function app_private.mentioned_usernames(body text)
returns setof text
language sql
immutable
set search_path = ''
as $$
  select distinct found.name
  from (
    select lower(rtrim(m[2], '.')) as name
    from regexp_matches(body, '(^|[^A-Za-z0-9_.@#&])@([A-Za-z0-9._]{3,30})', 'g') as m
  ) as found
  where length(found.name) >= 3
$$;

create or replace function app_private.max_mentions_per_comment()
returns integer
language sql
immutable
set search_path = ''
as $$ select 20 $$;

create or replace function app_private.limit_comment_mentions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  mentions integer;
  most integer := app_private.max_mentions_per_comment();
begin
  select count(*) into mentions from app_private.mentioned_usernames(new.body);
  if mentions > most then
    raise exception using
      errcode = '23514',
      message = format('A comment may mention at most %s people', most),
      detail = format('This one mentions %s', mentions),
      hint = 'Mention fewer people.';
  end if;
  return new;
end
$$;

create trigger on_comment_limit_mentions
  before insert on public.comments
  for each row execute function app_private.limit_comment_mentions();

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
  -- Someone already told about this comment is not told twice, nor someone with an unread
  -- mention by the same person on the same post; unknown names notify nobody.
  for mentioned in
    select pr.id
    from app_private.mentioned_usernames(new.body) as name
    join public.profiles pr on pr.username = name
    where pr.id is distinct from told
      and not exists (
        select 1 from public.notifications n
        where n.recipient_id = pr.id and n.actor_id = new.user_id and n.type = 'mention'
          and n.post_id = new.post_id and n.read_at is null
      )
  loop
    perform app_private.notify(mentioned.id, new.user_id, 'mention', new.post_id, new.id);
  end loop;
  return new;
end
$$;

revoke all on function app_private.mentioned_usernames(text) from public, anon, authenticated;
revoke all on function app_private.max_mentions_per_comment() from public, anon, authenticated;
revoke all on function app_private.limit_comment_mentions() from public, anon, authenticated;

create index notifications_unread_dedupe_idx
  on public.notifications (recipient_id, actor_id, type) where read_at is null;
drop index public.notifications_unread_idx;

do $$
declare
  stray record;
  candidate text;
begin
  for stray in
    select p.id, p.username from public.profiles p
    where p.username !~ '[a-z0-9]' or p.username ~ '^\.|\.$|\.\.'
  loop
    candidate := regexp_replace(btrim(stray.username, '.'), '\.{2,}', '.', 'g');
    if candidate !~ '^[a-z0-9._]{3,30}$' or candidate !~ '[a-z0-9]'
       or exists (select 1 from public.profiles o where o.username = candidate) then
      candidate := 'user_' || left(replace(stray.id::text, '-', ''), 12);
    end if;
    update public.profiles set username = candidate where id = stray.id;
  end loop;
end
$$;

alter table public.profiles
  add constraint profiles_username_dots check (
    username ~ '[a-z0-9]' and username !~ '^\.|\.$|\.\.'
  );

-- Sign-up keeps its fallback for a wish the rules refuse, now whichever rule refuses it: the
-- constraints stay the one statement of the username rule.
create or replace function app_private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  wanted text := lower(trim(coalesce(new.raw_user_meta_data ->> 'username', '')));
  full_name text := nullif(trim(new.raw_user_meta_data ->> 'full_name'), '');
begin
  begin
    insert into public.profiles (id, username, full_name) values (new.id, wanted, full_name);
  exception when check_violation then
    insert into public.profiles (id, username, full_name)
    values (new.id, 'user_' || left(replace(new.id::text, '-', ''), 12), full_name);
  end;
  return new;
end
$$;
