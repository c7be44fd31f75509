// What hosted Supabase's Realtime keeps in the project's database for channel authorization:
// `realtime.messages` (its columns; hosted partitions it by day, a plain table serves here)
// with row-level security on, and `realtime.topic()`, the topic of the channel being
// authorized. An app writes policies on realtime.messages (SELECT: may join and receive;
// INSERT: may send and track) in its migrations, and they behave the same on both.

export const REALTIME_SCHEMA = `
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;
grant execute on function realtime.topic() to anon, authenticated, service_role;
`
