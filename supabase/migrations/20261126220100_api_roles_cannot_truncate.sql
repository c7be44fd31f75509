-- TRUNCATE ignores row-level security. Supabase's default privileges grant it to anon and
-- authenticated on every new table in public; no API route issues it today, but one rpc that
-- ran dynamic SQL as its caller would let anyone empty a table for everyone. The app never
-- truncates as those roles, so the grant goes, for the tables there and those to come.
revoke truncate on all tables in schema public, app_private, app_rules from anon, authenticated;
-- Storage's own tables too. On a hosted project they belong to the storage admin, and a revoke
-- by another role only warns, so the migration still applies there.
revoke truncate on storage.objects, storage.buckets from anon, authenticated;
alter default privileges in schema public revoke truncate on tables from anon, authenticated;
