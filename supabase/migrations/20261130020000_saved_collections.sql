-- Saved collections (docs/product.md, "Likes, saved, tags and suggestions"): named groups of
-- one's saved posts. "All posts" stays the saves table; a collection holds some of them.
--
-- A collection and its items are their owner's alone (RLS: read, add, change and remove), with
-- the second-factor and suspension rules of saves. A name is 1 to 50 characters, trimmed,
-- unique per owner without case; at most 100 collections each (a trigger, with words for each
-- refusal). An item is a saved post: its (user_id, post_id) references the save, so unsaving
-- removes the post from every collection and no item outlives its save; its (collection_id,
-- user_id) references the collection, so an item is only ever in its owner's collection.
-- save_to_collection saves and files the post in one transaction. A post the owner can no
-- longer see (deleted, blocked author, private account) drops out of every read, since the
-- reads join posts under its policy.

create table public.save_collections (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  constraint save_collections_name_length check (char_length(name) between 1 and 50),
  constraint save_collections_name_trimmed check (name = btrim(name)),
  constraint save_collections_id_user_unique unique (id, user_id)
);

create unique index save_collections_user_name_idx
  on public.save_collections (user_id, lower(name));
create index save_collections_user_created_idx
  on public.save_collections (user_id, created_at desc, id desc);

comment on table public.save_collections is
  'Named collections of a person''s saved posts. Private to their owner (RLS).';

create table public.save_collection_items (
  collection_id uuid not null,
  post_id uuid not null,
  user_id uuid not null default auth.uid(),
  created_at timestamptz not null default now(),
  primary key (collection_id, post_id),
  constraint save_collection_items_collection_fkey foreign key (collection_id, user_id)
    references public.save_collections (id, user_id) on delete cascade,
  constraint save_collection_items_save_fkey foreign key (user_id, post_id)
    references public.saves (user_id, post_id) on delete cascade,
  -- The save's key already holds it to the post; this one names the post for the API's embeds.
  constraint save_collection_items_post_fkey foreign key (post_id)
    references public.posts (id) on delete cascade
);

create index save_collection_items_collection_created_idx
  on public.save_collection_items (collection_id, created_at desc, post_id desc);
create index save_collection_items_save_idx
  on public.save_collection_items (user_id, post_id);
create index save_collection_items_post_idx on public.save_collection_items (post_id);
-- Deleting a collection finds its items by the composite key.
create index save_collection_items_collection_user_idx
  on public.save_collection_items (collection_id, user_id);

comment on table public.save_collection_items is
  'The saved posts in each collection; each references its save (unsaving removes it). Private to their owner (RLS).';

alter table public.save_collections enable row level security;
alter table public.save_collection_items enable row level security;

create policy "Users read their own collections" on public.save_collections
  for select to authenticated using (user_id = (select auth.uid()));
create policy "Users make collections for themselves" on public.save_collections
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "Users rename their own collections" on public.save_collections
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "Users delete their own collections" on public.save_collections
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "Users read their own collection items" on public.save_collection_items
  for select to authenticated using (user_id = (select auth.uid()));
-- The post must be one the owner sees now (the posts policy); the foreign keys add that it is
-- their save and their collection.
create policy "Users file posts they see in their own collections" on public.save_collection_items
  for insert to authenticated
  with check (user_id = (select auth.uid())
              and exists (select 1 from public.posts p where p.id = post_id));
create policy "Users take posts out of their own collections" on public.save_collection_items
  for delete to authenticated using (user_id = (select auth.uid()));

create policy "Second factor required once enrolled" on public.save_collections
  as restrictive to authenticated
  using ((select app_rules.second_factor_satisfied()))
  with check ((select app_rules.second_factor_satisfied()));
create policy "Second factor required once enrolled" on public.save_collection_items
  as restrictive to authenticated
  using ((select app_rules.second_factor_satisfied()))
  with check ((select app_rules.second_factor_satisfied()));
create policy "Suspended accounts add nothing" on public.save_collections
  as restrictive for insert to authenticated with check ((select app_rules.caller_may_write()));
create policy "Suspended accounts change nothing" on public.save_collections
  as restrictive for update to authenticated
  using ((select app_rules.caller_may_write()))
  with check ((select app_rules.caller_may_write()));
create policy "Suspended accounts remove nothing" on public.save_collections
  as restrictive for delete to authenticated using ((select app_rules.caller_may_write()));
create policy "Suspended accounts add nothing" on public.save_collection_items
  as restrictive for insert to authenticated with check ((select app_rules.caller_may_write()));
create policy "Suspended accounts remove nothing" on public.save_collection_items
  as restrictive for delete to authenticated using ((select app_rules.caller_may_write()));

-- A name's checks in words (the constraints stand behind them), and the cap on a new one.
create function app_private.check_save_collection() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.name := btrim(coalesce(new.name, ''));
  if char_length(new.name) < 1 or char_length(new.name) > 50 then
    raise exception 'A collection name is 1 to 50 characters' using errcode = '23514';
  end if;
  if tg_op = 'INSERT' then
    -- One owner at a time, so two windows creating at once cannot both pass the count.
    perform 1 from public.profiles where id = new.user_id for no key update;
    if (select count(*) from public.save_collections c where c.user_id = new.user_id) >= 100 then
      raise exception 'You can have at most 100 collections'
        using errcode = '23514', hint = 'Delete a collection first.';
    end if;
  end if;
  if exists (select 1 from public.save_collections c
             where c.user_id = new.user_id and lower(c.name) = lower(new.name)
               and c.id is distinct from new.id) then
    raise exception 'You already have a collection with this name' using errcode = '23505';
  end if;
  return new;
end
$$;

create trigger check_save_collection before insert or update of name on public.save_collections
  for each row execute function app_private.check_save_collection();

-- Saves the post (if it is not yet) and files it in the caller's collection, in one
-- transaction. Security invoker: the saves and items policies and the save's visibility guard
-- decide; the checks before them only put the refusals in words.
create function public.save_to_collection(collection_id uuid, post_id uuid)
returns void
language plpgsql
set search_path = ''
as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to save posts' using errcode = '42501';
  end if;
  if not exists (select 1 from public.save_collections c
                 where c.id = save_to_collection.collection_id) then
    raise exception 'This collection isn''t available' using errcode = 'PT404';
  end if;
  if not exists (select 1 from public.posts p where p.id = save_to_collection.post_id) then
    raise exception 'This post isn''t available' using errcode = 'PT404';
  end if;
  insert into public.saves (user_id, post_id)
  values (auth.uid(), save_to_collection.post_id)
  on conflict on constraint saves_user_post_unique do nothing;
  insert into public.save_collection_items (collection_id, post_id, user_id)
  values (save_to_collection.collection_id, save_to_collection.post_id, auth.uid())
  on conflict on constraint save_collection_items_pkey do nothing;
end
$$;

-- A new collection of the caller's, with this post in it when one is given (saved too), in one
-- transaction, so a refused post leaves no empty collection behind.
create function public.create_save_collection(name text, post_id uuid default null)
returns public.save_collections
language plpgsql
set search_path = ''
as $$
declare
  created public.save_collections;
begin
  if auth.uid() is null then
    raise exception 'Sign in to make collections' using errcode = '42501';
  end if;
  insert into public.save_collections (user_id, name)
  values (auth.uid(), create_save_collection.name)
  returning * into created;
  if create_save_collection.post_id is not null then
    perform public.save_to_collection(created.id, create_save_collection.post_id);
  end if;
  return created;
end
$$;

-- The caller's collections, newest first, each with its cover: the photo of the post filed
-- last that the caller still sees (the posts policy), else none.
create function public.saved_collections()
returns table (id uuid, name text, created_at timestamptz, cover_post_id uuid, cover_url text)
language sql
stable
set search_path = ''
as $$
  select c.id, c.name, c.created_at, cover.id, cover.url
  from public.save_collections c
  left join lateral (
    select p.id, coalesce(p.thumb_url, p.image_url) as url
    from public.save_collection_items i
    join public.posts p on p.id = i.post_id
    where i.collection_id = c.id
    order by i.created_at desc, i.post_id desc
    limit 1
  ) cover on true
  where c.user_id = (select auth.uid())
  order by c.created_at desc, c.id desc
  limit 100
$$;

revoke all on table public.save_collections, public.save_collection_items
  from public, anon, authenticated;
grant select, delete on table public.save_collections to authenticated;
grant insert (user_id, name), update (name) on public.save_collections to authenticated;
grant select, delete on table public.save_collection_items to authenticated;
grant insert (collection_id, post_id, user_id) on public.save_collection_items to authenticated;
grant all on table public.save_collections, public.save_collection_items to service_role;
revoke all on function app_private.check_save_collection() from public, anon, authenticated;
revoke all on function public.save_to_collection(uuid, uuid) from public, anon;
revoke all on function public.create_save_collection(text, uuid) from public, anon;
revoke all on function public.saved_collections() from public, anon;
grant execute on function public.save_to_collection(uuid, uuid) to authenticated, service_role;
grant execute on function public.create_save_collection(text, uuid) to authenticated, service_role;
grant execute on function public.saved_collections() to authenticated, service_role;
