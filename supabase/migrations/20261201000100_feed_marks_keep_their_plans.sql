-- The Following feed's marks (a post's `followed_tag` and `seen`, computed fields asked for with
-- every page) cost one planning per statement no longer. As LANGUAGE sql functions with SET
-- search_path they were never inlined and, before PostgreSQL 18, planned again in every
-- statement. `followed_tag` becomes a SQL-standard body, which Postgres inlines into the page's
-- query (its names are bound when it is created, so it needs no search_path); `seen`, whose
-- sub-select keeps it from being inlined, becomes PL/pgSQL, planned once per connection.
-- What they answer does not change.

create or replace function public.followed_tag(post public.posts)
returns text
language sql
stable
begin atomic
  select app_rules.reader_followed_tag(post.caption, post.user_id);
end;

create or replace function public.seen(post public.posts)
returns boolean
language plpgsql
stable
set search_path = ''
as $$
begin
  return exists (select 1 from public.seen_posts s
                 where s.reader_id = auth.uid() and s.post_id = seen.post.id);
end
$$;
