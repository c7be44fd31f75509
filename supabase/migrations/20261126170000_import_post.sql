-- import_post(caption, images, post_id, taken_at): a post brought in from another service (an
-- Instagram data download) keeps the date it was first shared.
--
-- posts.created_at is not writable by the API roles (it orders every feed, so a client could
-- otherwise pin a post to the top by dating it in the future). This function is the one
-- allowance: it makes the post through create_post, exactly as a new post is made, and only
-- then moves the date back, and only
--   * for a post this very call created (its created_at is the transaction's now(): a retry
--     that finds the post made by an earlier attempt leaves it as it is),
--   * of the caller's own (create_post makes posts as auth.uid() only),
--   * to a moment in the past, no earlier than Instagram's launch (2010-10-06): never in the
--     future, so an import cannot jump the feed.

create or replace function public.import_post(
  caption text,
  images jsonb,
  post_id uuid,
  taken_at timestamptz
)
returns public.posts
language plpgsql
security definer
set search_path = ''
as $$
declare
  created public.posts;
begin
  if taken_at is null or taken_at > now() then
    raise exception 'An imported post cannot be dated in the future' using errcode = '22023';
  end if;
  if taken_at < timestamptz '2010-10-06 00:00:00+00' then
    raise exception 'An imported post cannot be dated before 2010-10-06' using errcode = '22023';
  end if;

  created := public.create_post(import_post.caption, import_post.images, import_post.post_id);

  if created.created_at = now() and created.user_id = (select auth.uid()) then
    update public.posts p set created_at = import_post.taken_at
    where p.id = created.id
    returning * into created;
    -- Hashtag pages order by the post's date, copied when the caption was indexed.
    update public.post_tags t set post_created_at = import_post.taken_at
    where t.post_id = created.id;
  end if;
  return created;
end
$$;

revoke all on function public.import_post(text, jsonb, uuid, timestamptz) from public, anon;
grant execute on function public.import_post(text, jsonb, uuid, timestamptz)
  to authenticated, service_role;
