-- A Following feed page asks `followed_tag` of each of its posts. Each call read post_tags,
-- followed_tags and follows through their policies, whose per-statement lists (block partners,
-- suspended people, the second factor) were built again for every post: 0.5–0.9 ms a post, +19 ms
-- a page on PostgreSQL, even for a reader who follows no hashtag. The answer needs nothing the
-- reader may not know: their own followed tags, whether they follow the author, and the tags of
-- the caption on the row they already read. app_rules.reader_followed_tag answers from exactly
-- those, so it reads no other person's rows and can skip the policies. It is PL/pgSQL because
-- a SQL function called from another SQL function is parsed and planned again on every call;
-- PL/pgSQL keeps its plans for the session.

create function app_rules.reader_followed_tag(caption text, author uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  found_tag text;
begin
  if me is null or author is not distinct from me then
    return null;
  end if;
  select f.tag into found_tag
  from public.followed_tags f
  where f.user_id = me
    and f.tag in (select lower(t) from app_private.caption_hashtags(caption) as t)
  order by f.tag
  limit 1;
  if found_tag is null
     or exists (select 1 from public.follows x where x.follower_id = me and x.following_id = author)
  then
    return null;
  end if;
  return found_tag;
end
$$;

comment on function app_rules.reader_followed_tag(text, uuid) is
  'The first hashtag of `caption` the reader follows, unless they follow `author` or are them. Reads only the reader''s own followed tags and follows.';

revoke all on function app_rules.reader_followed_tag(text, uuid) from public;
grant execute on function app_rules.reader_followed_tag(text, uuid)
  to anon, authenticated, service_role;

create or replace function public.followed_tag(post public.posts)
returns text
language sql
stable
set search_path = ''
as $$
  select app_rules.reader_followed_tag(post.caption, post.user_id)
$$;
