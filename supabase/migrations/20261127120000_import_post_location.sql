-- import_post keeps a post's location too: an archive made by "Download your information" lists
-- each post's location (your_information/posts.json), and importing it makes the post with it
-- through create_post, as a new post is made. The function is otherwise the one of
-- 20261126190000_rule_helpers_leave_the_api.sql (runs as the caller; only the back-dating runs
-- as the owner); only the trailing `location` argument (default null) is new.

drop function public.import_post(text, jsonb, uuid, timestamptz);

create function public.import_post(
  caption text,
  images jsonb,
  post_id uuid,
  taken_at timestamptz,
  location text default null
)
returns public.posts
language plpgsql
security invoker
set search_path = ''
as $$
declare
  created public.posts;
  dated public.posts;
begin
  if taken_at is null or taken_at > now() then
    raise exception 'An imported post cannot be dated in the future' using errcode = '22023';
  end if;
  if taken_at < timestamptz '2010-10-06 00:00:00+00' then
    raise exception 'An imported post cannot be dated before 2010-10-06' using errcode = '22023';
  end if;
  created := public.create_post(import_post.caption, import_post.images, import_post.post_id,
                                import_post.location);
  dated := app_rules.backdate_new_post(created.id, import_post.taken_at);
  -- An idempotent retry finds the post made before: it keeps the date it was given then.
  if dated.id is null then
    return created;
  end if;
  return dated;
end
$$;

revoke all on function public.import_post(text, jsonb, uuid, timestamptz, text)
  from public, anon;
grant execute on function public.import_post(text, jsonb, uuid, timestamptz, text)
  to authenticated, service_role;
