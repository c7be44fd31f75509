-- At most 30 hashtags in a caption, as Instagram allows (MAX_CAPTION_HASHTAGS in
-- src/shared/limits.ts): each one written counts, found with post_tags' own rule, so a client
-- that skips the app's check is refused here with the same words.
create or replace function app_private.limit_caption_hashtags()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  tags integer;
begin
  select count(*) into tags
  from regexp_matches(coalesce(new.caption, ''), '(^|[^A-Za-z0-9_.@#&])#([A-Za-z0-9_]{1,100})', 'g');
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

create trigger limit_caption_hashtags
  before insert or update of caption on public.posts
  for each row execute function app_private.limit_caption_hashtags();
