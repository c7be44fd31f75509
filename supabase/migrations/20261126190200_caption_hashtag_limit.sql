-- A caption's hashtags, found by one rule: the tag index (post_tags) and the limit below both
-- read them from here, and tests/integration/db/caption-hashtags.test.ts checks the rule
-- against the renderer's (src/shared/text-links.ts). Every hashtag as written, repeats kept.
create or replace function app_private.caption_hashtags(caption text)
returns setof text
language sql
immutable
set search_path = ''
as $$
  select m[2]
  from regexp_matches(coalesce(caption, ''), '(^|[^A-Za-z0-9_.@#&])#([A-Za-z0-9_]{1,100})', 'g') as m
$$;

revoke all on function app_private.caption_hashtags(text) from public, anon, authenticated;

create or replace function app_private.index_post_tags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' then
    delete from public.post_tags where post_id = new.id;
  end if;
  insert into public.post_tags (post_id, tag, post_created_at)
  select distinct new.id, lower(tag), new.created_at
  from app_private.caption_hashtags(new.caption) as tag;
  return null;
end
$$;

-- At most 30 hashtags in a caption, as Instagram allows (MAX_CAPTION_HASHTAGS in
-- src/shared/limits.ts): each one written counts, so a client that skips the app's check is
-- refused here with the same words. SECURITY DEFINER only so that it may call the private
-- rule above; it reads nothing but the new row.
create or replace function app_private.limit_caption_hashtags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  tags integer;
begin
  select count(*) into tags from app_private.caption_hashtags(new.caption);
  if tags > 30 then
    raise exception using
      errcode = '23514',
      message = 'A caption can have at most 30 hashtags',
      detail = format('This one has %s', tags),
      hint = 'Use fewer hashtags.';
  end if;
  return new;
end
$$;

revoke all on function app_private.limit_caption_hashtags() from public, anon, authenticated;

create trigger limit_caption_hashtags
  before insert or update of caption on public.posts
  for each row execute function app_private.limit_caption_hashtags();
