-- Live follower and following counts: profiles join the supabase_realtime publication, so a
-- profile page can listen to its person's row. The trigger on follows keeps both counts on
-- that row, so a follow or an unfollow by anyone arrives as one UPDATE of it. Profiles are
-- readable by everyone (their select policy), which is also who may hear of the change.

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'profiles'
  ) then
    alter publication supabase_realtime add table public.profiles;
  end if;
end
$$;
