-- Instaframe's schema: the baseline every database starts from, by domain, each object in its
-- final form. A change to the schema is a new migration after this file, one per change that
-- ships. Valid on PostgreSQL 15 as hosted Supabase runs it, and on the local backend (PGlite).
--
-- squashes 71 migrations, 20261123090000 to 20261129130200
-- (the ones written before it, in git history): the local backend records this baseline as
-- applied, without running it, on a database that has all of them (src/backend/db/squash.ts).
--
-- Bodies of SQL functions are checked when they are called: an object may name one defined in a
-- later section (the feeds name the safety rules, the rules name the tables they guard).
set check_function_bodies = off;

-- ==============================================================================================
-- Schemas and extensions
-- Functions that must run with elevated rights live in app_private, which PostgREST never
-- exposes; the rules that policies call live in app_rules, usable but not offered as rpc.
-- ==============================================================================================

create schema if not exists app_private;
revoke all on schema app_private from public;

create schema if not exists app_rules;
revoke all on schema app_rules from public;
grant usage on schema app_rules to anon, authenticated, service_role;

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;
create extension if not exists pgcrypto with schema extensions;

-- ==============================================================================================
-- Photo paths
-- A photo column holds the path of its object on the storage API
-- ("/storage/v1/object/public/images/..."), never a host; the tables' checks call these.
-- ==============================================================================================

-- Functions

CREATE FUNCTION app_private.keep_photo_paths() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.image_url := coalesce(app_rules.storage_path(new.image_url), new.image_url);
  new.thumb_url := coalesce(app_rules.storage_path(new.thumb_url), new.thumb_url);
  return new;
end
$$;

CREATE FUNCTION app_rules.is_storage_path(value text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    BEGIN ATOMIC
 SELECT COALESCE(((char_length(value) <= 2048) AND (value ~ '^/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$'::text)), false) AS "coalesce";
END;

CREATE FUNCTION app_rules.is_own_storage_path(value text, folder text, owner uuid) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    BEGIN ATOMIC
 SELECT COALESCE(((char_length(value) <= 2048) AND (folder ~ '^[a-z]+$'::text) AND (value ~ (((('^/storage/v1/object/public/images/'::text || folder) || '/'::text) || (owner)::text) || '/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$'::text))), false) AS "coalesce";
END;

CREATE FUNCTION app_rules.storage_path(url text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    BEGIN ATOMIC
 SELECT
         CASE
             WHEN (char_length(url) > 2048) THEN NULL::text
             WHEN (url ~ '^/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$'::text) THEN url
             WHEN (url ~ (('^https?://'::text || '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?'::text) || '/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$'::text)) THEN substr(url, strpos(url, '/storage/v1/object/public/'::text))
             ELSE NULL::text
         END AS "case";
END;

COMMENT ON FUNCTION app_rules.storage_path(url text) IS 'The canonical path (/storage/v1/object/public/<bucket>/...) of a storage object named by that path or by its public URL on any plain host; null for anything else.';

CREATE FUNCTION public.is_own_storage_url(url text, folder text, owner uuid) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    BEGIN ATOMIC
 SELECT COALESCE(((char_length(url) <= 2048) AND (folder ~ '^[a-z]+$'::text) AND (url ~ (((((('^(?:https?://'::text || '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?'::text) || ')?/storage/v1/object/public/images/'::text) || folder) || '/'::text) || (owner)::text) || '/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$'::text))), false) AS "coalesce";
END;

COMMENT ON FUNCTION public.is_own_storage_url(url text, folder text, owner uuid) IS 'True for a plain file directly in images/<folder>/<owner>/, named by its path or by a canonical public URL: the only photos that owner may attach to a row.';

CREATE FUNCTION public.is_storage_public_url(url text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    BEGIN ATOMIC
 SELECT COALESCE(((char_length(url) <= 2048) AND (url ~ (('^(?:https?://'::text || '(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?'::text) || ')?/storage/v1/object/public(?:/[A-Za-z0-9_-][A-Za-z0-9._-]{0,254})+$'::text))), false) AS "coalesce";
END;

COMMENT ON FUNCTION public.is_storage_public_url(url text) IS 'True for a storage object of this API named by its path or by a canonical public URL (any plain host, which is never stored): plain path segments only, at most 2048 characters.';

-- ==============================================================================================
-- Profiles and accounts
-- One profile per auth user (made by a trigger on sign-up), username and search rules,
-- sign-in by username, wrong-password counting, account deletion and the second factor.
-- ==============================================================================================

-- Tables

CREATE TABLE public.profiles (
    id uuid NOT NULL,
    username text NOT NULL,
    full_name text,
    avatar_url text,
    bio text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    followers_count integer DEFAULT 0 NOT NULL,
    following_count integer DEFAULT 0 NOT NULL,
    search_name text,
    is_private boolean DEFAULT false NOT NULL,
    suspended_at timestamp with time zone,
    posts_count integer DEFAULT 0 NOT NULL,
    manually_approve_tags boolean DEFAULT false NOT NULL,
    CONSTRAINT profiles_avatar_url_own_storage_path CHECK (((avatar_url IS NULL) OR app_rules.is_own_storage_path(avatar_url, 'avatars'::text, id))),
    CONSTRAINT profiles_bio_length CHECK ((char_length(bio) <= 150)),
    CONSTRAINT profiles_followers_count_not_negative CHECK ((followers_count >= 0)),
    CONSTRAINT profiles_following_count_not_negative CHECK ((following_count >= 0)),
    CONSTRAINT profiles_full_name_length CHECK ((char_length(full_name) <= 100)),
    CONSTRAINT profiles_posts_count_not_negative CHECK ((posts_count >= 0)),
    CONSTRAINT profiles_search_name_length CHECK ((char_length(search_name) <= 200)),
    CONSTRAINT profiles_username_dots CHECK (((username ~ '[a-z0-9]'::text) AND (username !~ '^\.|\.$|\.\.'::text))),
    CONSTRAINT profiles_username_format CHECK ((username ~ '^[a-z0-9._]{3,30}$'::text))
);

CREATE TABLE app_private.sign_in_failures (
    id bigint NOT NULL,
    user_id uuid NOT NULL,
    failed_at timestamp with time zone DEFAULT now() NOT NULL,
    source text DEFAULT 'unknown'::text NOT NULL
);

ALTER TABLE app_private.sign_in_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_private.sign_in_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY app_private.sign_in_failures
    ADD CONSTRAINT sign_in_failures_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_username_key UNIQUE (username);

ALTER TABLE ONLY app_private.sign_in_failures
    ADD CONSTRAINT sign_in_failures_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.profiles
    ADD CONSTRAINT profiles_id_fkey FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX sign_in_failures_source_time ON app_private.sign_in_failures USING btree (source, failed_at);

CREATE INDEX sign_in_failures_user_source_time ON app_private.sign_in_failures USING btree (user_id, source, failed_at);

CREATE INDEX profiles_followers_count_idx ON public.profiles USING btree (followers_count DESC, id);

CREATE INDEX profiles_search_name_prefix_idx ON public.profiles USING btree (search_name text_pattern_ops);

CREATE INDEX profiles_search_name_trgm_idx ON public.profiles USING gin (search_name extensions.gin_trgm_ops) WITH (fastupdate=off);

CREATE INDEX profiles_suspended_idx ON public.profiles USING btree (id) WHERE (suspended_at IS NOT NULL);

CREATE INDEX profiles_username_prefix_idx ON public.profiles USING btree (username text_pattern_ops);

CREATE INDEX profiles_username_trgm_idx ON public.profiles USING gin (username extensions.gin_trgm_ops) WITH (fastupdate=off);

ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;

COMMENT ON TABLE app_private.sign_in_failures IS 'Wrong passwords given to public.sign_in_email, verify_password and delete_account, by account and source, to refuse guessing (10 per account and source, 50 per source, per 15 minutes).';

-- Functions

CREATE FUNCTION app_private.check_password(user_id uuid, password text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller_source text := app_private.request_source();
begin
  delete from app_private.sign_in_failures f
   where f.user_id = check_password.user_id and f.failed_at < now() - interval '15 minutes';
  delete from app_private.sign_in_failures f
   where f.source = caller_source and f.failed_at < now() - interval '15 minutes';
  if (select count(*) from app_private.sign_in_failures f
       where f.user_id = check_password.user_id and f.source = caller_source) >= 10
     or (select count(*) from app_private.sign_in_failures f
          where f.source = caller_source) >= 50 then
    raise exception 'Too many wrong passwords from here. Try again later.'
      using errcode = 'P0001', hint = 'too_many_attempts';
  end if;
  if app_private.password_matches(check_password.user_id, password) then
    return true;
  end if;
  insert into app_private.sign_in_failures (user_id, source)
  values (check_password.user_id, caller_source);
  return false;
end
$$;

CREATE FUNCTION app_private.handle_new_user() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  wanted text := lower(trim(coalesce(new.raw_user_meta_data ->> 'username', '')));
  full_name text := nullif(trim(new.raw_user_meta_data ->> 'full_name'), '');
begin
  begin
    insert into public.profiles (id, username, full_name) values (new.id, wanted, full_name);
  exception when check_violation then
    insert into public.profiles (id, username, full_name)
    values (new.id, 'user_' || left(replace(new.id::text, '-', ''), 12), full_name);
  end;
  return new;
end
$$;

CREATE FUNCTION app_private.keep_avatar_path() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.avatar_url := coalesce(app_rules.storage_path(new.avatar_url), new.avatar_url);
  return new;
end
$$;

CREATE FUNCTION app_private.password_matches(user_id uuid, password text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(
    (select u.encrypted_password is not null
            and u.encrypted_password <> ''
            and extensions.crypt(password, u.encrypted_password) = u.encrypted_password
       from auth.users u
      where u.id = user_id),
    false)
$$;

CREATE FUNCTION app_private.request_source() RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select left(coalesce(
           nullif(btrim(h ->> 'cf-connecting-ip'), ''),
           nullif(btrim(split_part(h ->> 'x-forwarded-for', ',', 1)), ''),
           'unknown'), 64)
    from (select nullif(current_setting('request.headers', true), '')::json as h) as request
$$;

CREATE FUNCTION app_private.require_second_factor() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_rules.second_factor_satisfied() then
    raise exception 'Enter your two-factor code first.'
      using errcode = '42501', hint = 'insufficient_aal';
  end if;
  return true;
end
$$;

CREATE FUNCTION app_private.set_profile_search_name() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  new.search_name := public.fold_search_text(new.full_name);
  return new;
end
$$;

CREATE FUNCTION app_rules.reader_key() RETURNS text
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT ((COALESCE(current_setting('request.jwt.claim.sub'::text, true), ''::text) || COALESCE(current_setting('request.jwt.claims'::text, true), ''::text)) || chr(31));
END;

CREATE FUNCTION app_rules.followed_by_my_follows() RETURNS TABLE(id uuid, n integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  with me as (
    select auth.uid() as id, app_rules.block_partners() as hidden
  ),
  friends as (
    select v.id from app_rules.visible_followed_people() as v(id)
  )
  select f.following_id, count(*)::integer
  from public.follows f
  join friends on friends.id = f.follower_id
  join public.profiles t on t.id = f.following_id
  cross join me
  where not t.is_private
    and t.suspended_at is null
    and not (t.id = any (me.hidden))
    and t.id is distinct from me.id
  group by f.following_id
$$;

CREATE FUNCTION app_rules.profile_search_matches(query text, max_rows integer) RETURNS TABLE(id uuid, rank bigint)
    LANGUAGE plpgsql STABLE SECURITY DEFINER ROWS 50
    SET search_path TO ''
    AS $$
declare
  folded text := coalesce(public.fold_search_text(left(query, 100)), '');
  pattern text;
  wanted integer := least(greatest(coalesce(max_rows, 10), 1), 50);
  page uuid[];
begin
  if folded = '' then
    return;
  end if;
  pattern := replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_');
  if char_length(folded) < 3 then
    -- Too short for trigrams: prefix matches only, which the pattern indexes answer.
    page := array(
      select p.id
      from public.profiles p
      where (p.username like pattern || '%' or p.search_name like pattern || '%')
        and not (p.id = any ((select app_rules.block_partners())::uuid[]))
        and (p.suspended_at is null or p.id = (select auth.uid())
             or (select app_rules.is_moderator()))
      order by p.username = folded desc, p.username like pattern || '%' desc,
               p.followers_count desc, p.username
      limit wanted);
  else
    page := array(
      select p.id
      from public.profiles p
      where (p.username like '%' || pattern || '%' or p.search_name like '%' || pattern || '%')
        and not (p.id = any ((select app_rules.block_partners())::uuid[]))
        and (p.suspended_at is null or p.id = (select auth.uid())
             or (select app_rules.is_moderator()))
      order by p.username = folded desc, p.username like pattern || '%' desc,
               coalesce(p.search_name like pattern || '%', false) desc,
               p.followers_count desc, p.username
      limit wanted);
  end if;
  return query select m.id, m.rank from unnest(page) with ordinality as m(id, rank);
end
$$;

CREATE FUNCTION app_rules.recent_public_authors() RETURNS SETOF uuid
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.user_id
  from (select p.user_id from public.posts p order by p.created_at desc, p.id desc limit 500) r
  join public.profiles a on a.id = r.user_id
  where not a.is_private and a.suspended_at is null
  group by r.user_id
$$;

CREATE FUNCTION app_rules.remember_second_factor() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  satisfied boolean :=
    not exists (select 1 from auth.mfa_factors f
                 where f.user_id = auth.uid() and f.status = 'verified')
    or coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2';
  -- Assignments, not PERFORM: a plain expression needs no executor of its own.
  kept text := set_config('app_rules.second_factor', satisfied::text, true);
  key text := set_config('app_rules.second_factor_key', app_rules.reader_key(), true);
begin
  return satisfied;
end
$$;

CREATE FUNCTION app_rules.second_factor_satisfied() RETURNS boolean
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT
         CASE
             WHEN (current_setting('app_rules.second_factor_key'::text, true) = app_rules.reader_key()) THEN (current_setting('app_rules.second_factor'::text, true) = 'true'::text)
             ELSE app_rules.remember_second_factor()
         END AS remember_second_factor;
END;

COMMENT ON FUNCTION app_rules.second_factor_satisfied() IS 'False while the caller has a verified second factor and an aal1 session.';

CREATE FUNCTION app_rules.suggestion_candidates(max_rows integer) RETURNS TABLE(id uuid, followed_by_count integer, last_post_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER ROWS 15
    SET search_path TO ''
    AS $$
  with me as (
    select auth.uid() as id, app_rules.block_partners() as hidden
  ),
  friends_follow as (
    select r.id, r.n from app_rules.followed_by_my_follows() r
  ),
  popular as (
    select p.id
    from public.profiles p
    cross join me
    where p.suspended_at is null and not (p.id = any (me.hidden))
    order by p.followers_count desc, p.id
    limit 100
  ),
  candidates as (
    select friends_follow.id from friends_follow
    union
    select r.id from app_rules.recent_public_authors() as r(id)
    union
    select popular.id from popular
  ),
  activity as (
    select a.id, a.last_post_at
    from app_rules.last_public_posts(array(select candidates.id from candidates)) a
  )
  select p.id, coalesce(ff.n, 0), activity.last_post_at
  from public.profiles p
  cross join me
  left join friends_follow ff on ff.id = p.id
  left join activity on activity.id = p.id
  where p.id = any (array(select candidates.id from candidates))
    and p.suspended_at is null
    and not (p.id = any (me.hidden))
    and p.id is distinct from me.id
    and not exists (
      select 1 from public.follows f where f.follower_id = me.id and f.following_id = p.id
    )
  order by coalesce(ff.n, 0) desc, activity.last_post_at desc nulls last, p.followers_count desc, p.id
  limit max_rows
$$;

CREATE FUNCTION public.delete_account(password text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'Sign in to delete your account.' using errcode = '42501';
  end if;
  perform app_rules.caller_may_write();
  -- A wrong password answers false rather than raising, so the failure it counts is kept.
  if not app_private.check_password(me, password) then
    return false;
  end if;
  if exists (select 1 from auth.mfa_factors f where f.user_id = me and f.status::text = 'verified')
     and coalesce((select auth.jwt()) ->> 'aal', 'aal1') <> 'aal2' then
    raise exception 'Enter your two-factor code first.' using errcode = '42501',
      hint = 'insufficient_aal';
  end if;
  insert into app_private.storage_removals (bucket_id, name)
  select o.bucket_id, o.name
    from storage.objects o
   where (storage.foldername(o.name))[2] = me::text or o.owner = me;
  perform pg_notify('storage_removals', '');
  delete from auth.users u where u.id = me;
  return true;
end
$$;

COMMENT ON FUNCTION public.delete_account(password text) IS 'Deletes the caller''s account, rows and stored photos, after checking the password.';

CREATE FUNCTION public.fold_search_text(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select left(lower(extensions.unaccent('extensions.unaccent'::regdictionary, btrim(value))), 200)
$$;

CREATE FUNCTION public.search_profiles(query text, max_rows integer DEFAULT 10) RETURNS SETOF public.profiles
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
begin
  return query
  select p.*
  from app_rules.profile_search_matches(query, max_rows) m
  join public.profiles p on p.id = m.id
  order by m.rank;
end
$$;

CREATE FUNCTION public.sign_in_email(login text, password text) RETURNS TABLE(account_exists boolean, email text)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  wanted text := lower(btrim(coalesce(login, '')));
  found_id uuid;
  found_email text;
begin
  if left(wanted, 1) = '@' then
    wanted := substr(wanted, 2);
  end if;
  select u.id, u.email into found_id, found_email
    from public.profiles p
    join auth.users u on u.id = p.id
   where p.username = wanted;
  if found_id is null or found_email is null then
    return query select false, null::text;
    return;
  end if;
  if app_private.check_password(found_id, password) then
    return query select true, found_email;
  else
    return query select true, null::text;
  end if;
end
$$;

COMMENT ON FUNCTION public.sign_in_email(login text, password text) IS 'The email of the account with this username, only when password is its password.';

CREATE FUNCTION public.suggested_profiles(max_rows integer DEFAULT 5) RETURNS TABLE(id uuid, username text, full_name text, avatar_url text, bio text, followers_count integer, following_count integer, followed_by_count integer, last_post_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count, p.following_count,
         r.followed_by_count, r.last_post_at
  from app_rules.suggestion_candidates(least(greatest(coalesce(max_rows, 5), 1), 50) + 5) r
  join public.profiles p on p.id = r.id
  order by r.followed_by_count desc, r.last_post_at desc nulls last, p.followers_count desc, p.id
  limit least(greatest(coalesce(max_rows, 5), 1), 50)
$$;

CREATE FUNCTION public.verify_password(password text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  me uuid := (select auth.uid());
begin
  if me is null then
    raise exception 'Sign in first.' using errcode = '42501';
  end if;
  perform app_private.require_second_factor();
  return app_private.check_password(me, password);
end
$$;

COMMENT ON FUNCTION public.verify_password(password text) IS 'Whether password is the signed-in caller''s password (counted against guessing).';

-- Triggers

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION app_private.handle_new_user();

CREATE TRIGGER keep_avatar_path BEFORE INSERT OR UPDATE OF avatar_url ON public.profiles FOR EACH ROW EXECUTE FUNCTION app_private.keep_avatar_path();

CREATE TRIGGER on_profile_name_changed BEFORE INSERT OR UPDATE OF full_name ON public.profiles FOR EACH ROW EXECUTE FUNCTION app_private.set_profile_search_name();

-- Row-level security policies

CREATE POLICY "Profiles are readable by everyone" ON public.profiles FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Second factor required once enrolled" ON public.profiles AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Users update their own profile" ON public.profiles FOR UPDATE TO authenticated USING ((id = ( SELECT auth.uid() AS uid))) WITH CHECK ((id = ( SELECT auth.uid() AS uid)));

-- ==============================================================================================
-- Follows and privacy
-- Follows, follow requests for private accounts, close friends, and who may see an author.
-- ==============================================================================================

-- Tables

CREATE TABLE public.follows (
    follower_id uuid NOT NULL,
    following_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT follows_not_self CHECK ((follower_id <> following_id))
);

CREATE TABLE public.close_friends (
    user_id uuid DEFAULT auth.uid() NOT NULL,
    friend_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT close_friends_not_self CHECK ((user_id <> friend_id))
);

CREATE TABLE public.follow_requests (
    requester_id uuid NOT NULL,
    target_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT follow_requests_not_self CHECK ((requester_id <> target_id))
);

ALTER TABLE ONLY public.close_friends
    ADD CONSTRAINT close_friends_pkey PRIMARY KEY (user_id, friend_id);

ALTER TABLE ONLY public.follow_requests
    ADD CONSTRAINT follow_requests_pkey PRIMARY KEY (requester_id, target_id);

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_pkey PRIMARY KEY (follower_id, following_id);

ALTER TABLE ONLY public.close_friends
    ADD CONSTRAINT close_friends_friend_id_fkey FOREIGN KEY (friend_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.close_friends
    ADD CONSTRAINT close_friends_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.follow_requests
    ADD CONSTRAINT follow_requests_requester_id_fkey FOREIGN KEY (requester_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.follow_requests
    ADD CONSTRAINT follow_requests_target_id_fkey FOREIGN KEY (target_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_follower_id_fkey FOREIGN KEY (follower_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.follows
    ADD CONSTRAINT follows_following_id_fkey FOREIGN KEY (following_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX close_friends_friend_id_idx ON public.close_friends USING btree (friend_id);

CREATE INDEX follow_requests_target_idx ON public.follow_requests USING btree (target_id, created_at DESC);

CREATE INDEX follows_follower_id_created_at_idx ON public.follows USING btree (follower_id, created_at DESC, following_id DESC);

CREATE INDEX follows_following_id_created_at_idx ON public.follows USING btree (following_id, created_at DESC, follower_id DESC);

ALTER TABLE public.close_friends ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.follow_requests ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.follows ENABLE ROW LEVEL SECURITY;

-- Functions

CREATE FUNCTION app_private.approve_requests_on_going_public() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  pending record;
begin
  for pending in
    select r.requester_id from public.follow_requests r where r.target_id = new.id
  loop
    perform app_private.make_approved_follow(pending.requester_id, new.id);
  end loop;
  return null;
end
$$;

CREATE FUNCTION app_private.guard_follow() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  target_private boolean;
begin
  if current_setting('app.approving_follow', true)
     is not distinct from new.follower_id::text || ':' || new.following_id::text then
    return new;
  end if;
  if app_rules.blocked_with(new.following_id) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  select p.is_private into target_private from public.profiles p where p.id = new.following_id;
  if not found then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  if target_private then
    raise exception 'This account is private: ask to follow it' using errcode = '42501',
      hint = 'Call follow_profile, which sends a follow request.';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.guard_follow_request() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.profiles p where p.id = new.target_id) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  if not exists (select 1 from public.profiles p where p.id = new.target_id and p.is_private) then
    raise exception 'This account is public: follow it directly' using errcode = '22023';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.keep_followed_private_person() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform 1
  from public.profiles a
  where a.id = new.following_id and a.is_private and a.suspended_at is null
  for no key update;
  if found then
    insert into app_private.followed_private_people (follower_id, following_id)
    values (new.follower_id, new.following_id)
    on conflict do nothing;
  elsif tg_op = 'UPDATE' then
    delete from app_private.followed_private_people
    where follower_id = new.follower_id and following_id = new.following_id;
  end if;
  return null;
end
$$;

CREATE FUNCTION app_private.keep_followers_of_private_person() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if new.is_private and new.suspended_at is null then
    insert into app_private.followed_private_people (follower_id, following_id)
    select f.follower_id, f.following_id
    from public.follows f
    where f.following_id = new.id
    on conflict do nothing;
  else
    delete from app_private.followed_private_people where following_id = new.id;
  end if;
  return null;
end
$$;

CREATE FUNCTION app_private.make_approved_follow(follower uuid, followed uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform set_config('app.approving_follow', follower::text || ':' || followed::text, true);
  insert into public.follows (follower_id, following_id) values (follower, followed)
  on conflict do nothing;
  perform set_config('app.approving_follow', '', true);
  delete from public.follow_requests r where r.requester_id = follower and r.target_id = followed;
end
$$;

CREATE FUNCTION app_private.update_follow_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  follower uuid := case when tg_op = 'INSERT' then new.follower_id else old.follower_id end;
  followed uuid := case when tg_op = 'INSERT' then new.following_id else old.following_id end;
  delta integer := case when tg_op = 'INSERT' then 1 else -1 end;
begin
  perform 1 from public.profiles where id in (follower, followed) order by id for no key update;
  update public.profiles
  set following_count = greatest(following_count + delta, 0)
  where id = follower;
  update public.profiles
  set followers_count = greatest(followers_count + delta, 0)
  where id = followed;
  return null;
end
$$;

CREATE FUNCTION app_rules.can_see_author(author uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select author = auth.uid() or exists (
    select 1
    from public.profiles p
    where p.id = author
      and p.suspended_at is null
      and case
        when auth.uid() is null then not p.is_private
        else not exists (
               select 1 from public.blocks b
               where (b.blocker_id = auth.uid() and b.blocked_id = author)
                  or (b.blocker_id = author and b.blocked_id = auth.uid())
             )
             and (not p.is_private
                  or exists (select 1 from public.follows f
                             where f.follower_id = auth.uid() and f.following_id = author))
      end
  )
$$;

CREATE FUNCTION app_rules.is_close_friend_of(author uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.close_friends c
                 where c.user_id = author and c.friend_id = (select auth.uid()))
$$;

CREATE FUNCTION app_rules.visible_followed_people() RETURNS SETOF uuid
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
begin
  return query
  select f.following_id
  from public.follows f
  join public.profiles a on a.id = f.following_id
  where f.follower_id = (select auth.uid())
    and a.suspended_at is null
    and not (f.following_id = any ((select app_rules.block_partners())::uuid[]));
end
$$;

CREATE FUNCTION public.approve_follow_request(requester uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
begin
  perform app_private.require_second_factor();
  perform app_rules.caller_may_write();
  if not exists (
    select 1 from public.follow_requests r
    join public.profiles p on p.id = r.requester_id
    where r.requester_id = requester and r.target_id = caller and p.suspended_at is null
  ) then
    raise exception 'This follow request no longer exists' using errcode = 'PT404';
  end if;
  perform app_private.make_approved_follow(requester, caller);
end
$$;

CREATE FUNCTION public.follow_profile(target uuid) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  target_private boolean;
begin
  if caller is null then
    raise exception 'Sign in to follow people' using errcode = '42501';
  end if;
  if caller = target then
    raise exception 'You can''t follow yourself' using errcode = '22023';
  end if;
  select p.is_private into target_private from public.profiles p where p.id = target;
  if not found then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  if exists (select 1 from public.follows f where f.follower_id = caller and f.following_id = target)
  then
    return 'following';
  end if;
  if target_private then
    insert into public.follow_requests (requester_id, target_id) values (caller, target)
    on conflict do nothing;
    return 'requested';
  end if;
  insert into public.follows (follower_id, following_id) values (caller, target)
  on conflict do nothing;
  return 'following';
end
$$;

CREATE FUNCTION public.follow_requests_page(page_size integer DEFAULT 50) RETURNS TABLE(id uuid, username text, full_name text, avatar_url text, requested_at timestamp with time zone)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p.id, p.username, p.full_name, p.avatar_url, r.created_at
  from public.follow_requests r
  join public.profiles p on p.id = r.requester_id
  where r.target_id = (select auth.uid())
  order by r.created_at desc, r.requester_id desc
  limit least(greatest(coalesce(page_size, 50), 1), 200)
$$;

CREATE FUNCTION public.profile_connections(profile_id uuid, direction text, query text DEFAULT NULL::text, before_followed_at timestamp with time zone DEFAULT NULL::timestamp with time zone, before_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 20) RETURNS TABLE(id uuid, username text, full_name text, avatar_url text, bio text, followers_count integer, following_count integer, followed_at timestamp with time zone)
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
declare
  folded text := coalesce(public.fold_search_text(left(query, 100)), '');
  pattern text := '%' || replace(replace(replace(folded, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  cursor_at timestamptz := coalesce(before_followed_at, 'infinity'::timestamptz);
  cursor_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
  wanted integer := least(greatest(coalesce(page_size, 20), 1), 100);
begin
  if direction = 'followers' then
    return query
      select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count,
             p.following_count, f.created_at
      from public.follows f
      join public.profiles p on p.id = f.follower_id
      where f.following_id = profile_id
        and (f.created_at, f.follower_id) < (cursor_at, cursor_id)
        and (folded = '' or p.username like pattern or p.search_name like pattern)
      order by f.created_at desc, f.follower_id desc
      limit wanted;
  elsif direction = 'following' then
    return query
      select p.id, p.username, p.full_name, p.avatar_url, p.bio, p.followers_count,
             p.following_count, f.created_at
      from public.follows f
      join public.profiles p on p.id = f.following_id
      where f.follower_id = profile_id
        and (f.created_at, f.following_id) < (cursor_at, cursor_id)
        and (folded = '' or p.username like pattern or p.search_name like pattern)
      order by f.created_at desc, f.following_id desc
      limit wanted;
  else
    raise exception 'direction must be followers or following' using errcode = '22023';
  end if;
end
$$;

-- Triggers

CREATE TRIGGER before_follow_inserted BEFORE INSERT ON public.follows FOR EACH ROW EXECUTE FUNCTION app_private.guard_follow();

CREATE TRIGGER before_follow_request_inserted BEFORE INSERT ON public.follow_requests FOR EACH ROW EXECUTE FUNCTION app_private.guard_follow_request();

CREATE TRIGGER keep_followed_private_person AFTER INSERT OR UPDATE OF follower_id, following_id ON public.follows FOR EACH ROW EXECUTE FUNCTION app_private.keep_followed_private_person();

CREATE TRIGGER on_follow_changed AFTER INSERT OR DELETE ON public.follows FOR EACH ROW EXECUTE FUNCTION app_private.update_follow_counts();

-- Row-level security policies

CREATE POLICY "Follows are readable by everyone" ON public.follows FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Follows hidden across a block and in private lists" ON public.follows AS RESTRICTIVE FOR SELECT TO anon, authenticated USING (((follower_id = ( SELECT auth.uid() AS uid)) OR (following_id = ( SELECT auth.uid() AS uid)) OR (app_rules.can_see_author(follower_id) AND app_rules.can_see_author(following_id))));

CREATE POLICY "Requesters and targets read follow requests" ON public.follow_requests FOR SELECT TO authenticated USING (((requester_id = ( SELECT auth.uid() AS uid)) OR (target_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY "Requesters cancel and targets decline follow requests" ON public.follow_requests FOR DELETE TO authenticated USING (((requester_id = ( SELECT auth.uid() AS uid)) OR (target_id = ( SELECT auth.uid() AS uid))));

CREATE POLICY "Second factor required once enrolled" ON public.close_friends AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.follow_requests AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.follows AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Users add their own close friends" ON public.close_friends FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users ask to follow as themselves" ON public.follow_requests FOR INSERT TO authenticated WITH CHECK ((requester_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users follow as themselves" ON public.follows FOR INSERT TO authenticated WITH CHECK ((follower_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users read their own close friends" ON public.close_friends FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users remove their own close friends" ON public.close_friends FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users unfollow as themselves" ON public.follows FOR DELETE TO authenticated USING ((follower_id = ( SELECT auth.uid() AS uid)));

-- Triggers and policies on earlier sections' tables that call this section's functions

CREATE TRIGGER keep_followers_of_private_person AFTER UPDATE OF is_private, suspended_at ON public.profiles FOR EACH ROW WHEN (((old.is_private AND (old.suspended_at IS NULL)) IS DISTINCT FROM (new.is_private AND (new.suspended_at IS NULL)))) EXECUTE FUNCTION app_private.keep_followers_of_private_person();

CREATE TRIGGER on_profile_made_public AFTER UPDATE OF is_private ON public.profiles FOR EACH ROW WHEN ((old.is_private AND (NOT new.is_private))) EXECUTE FUNCTION app_private.approve_requests_on_going_public();

-- ==============================================================================================
-- Safety: blocks, mutes, reports, moderation and suspension
-- Blocks and mutes, the reader lists the feeds use, reports, moderators, and suspended accounts
-- (who write nothing and whose content is hidden).
-- ==============================================================================================

-- Tables

CREATE TABLE app_private.followed_private_people (
    follower_id uuid NOT NULL,
    following_id uuid NOT NULL
);

CREATE TABLE public.blocks (
    blocker_id uuid NOT NULL,
    blocked_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT blocks_not_self CHECK ((blocker_id <> blocked_id))
);

CREATE TABLE public.mutes (
    muter_id uuid NOT NULL,
    muted_id uuid NOT NULL,
    posts boolean DEFAULT true NOT NULL,
    stories boolean DEFAULT true NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT mutes_not_self CHECK ((muter_id <> muted_id)),
    CONSTRAINT mutes_something CHECK ((posts OR stories))
);

CREATE TABLE app_private.reader_lists (
    person uuid NOT NULL,
    lists text NOT NULL
);

CREATE TABLE public.moderators (
    user_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.reports (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reporter_id uuid NOT NULL,
    target_type text NOT NULL,
    target_id uuid NOT NULL,
    reason text NOT NULL,
    details text,
    status text DEFAULT 'open'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    resolved_at timestamp with time zone,
    resolved_by uuid,
    CONSTRAINT reports_details_length CHECK ((char_length(details) <= 1000)),
    CONSTRAINT reports_reason_valid CHECK ((reason = ANY (ARRAY['spam'::text, 'nudity'::text, 'harassment'::text, 'violence'::text, 'other'::text]))),
    CONSTRAINT reports_status_valid CHECK ((status = ANY (ARRAY['open'::text, 'dismissed'::text, 'removed'::text, 'suspended'::text]))),
    CONSTRAINT reports_target_type_valid CHECK ((target_type = ANY (ARRAY['post'::text, 'comment'::text, 'story'::text, 'profile'::text])))
);

ALTER TABLE ONLY app_private.followed_private_people
    ADD CONSTRAINT followed_private_people_pkey PRIMARY KEY (follower_id, following_id);

ALTER TABLE ONLY app_private.reader_lists
    ADD CONSTRAINT reader_lists_pkey PRIMARY KEY (person);

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_pkey PRIMARY KEY (blocker_id, blocked_id);

ALTER TABLE ONLY public.moderators
    ADD CONSTRAINT moderators_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.mutes
    ADD CONSTRAINT mutes_pkey PRIMARY KEY (muter_id, muted_id);

ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_pkey PRIMARY KEY (id);

ALTER TABLE ONLY app_private.followed_private_people
    ADD CONSTRAINT followed_private_people_follower_id_following_id_fkey FOREIGN KEY (follower_id, following_id) REFERENCES public.follows(follower_id, following_id) ON UPDATE CASCADE ON DELETE CASCADE;

ALTER TABLE ONLY app_private.reader_lists
    ADD CONSTRAINT reader_lists_person_fkey FOREIGN KEY (person) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_blocked_id_fkey FOREIGN KEY (blocked_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.blocks
    ADD CONSTRAINT blocks_blocker_id_fkey FOREIGN KEY (blocker_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.moderators
    ADD CONSTRAINT moderators_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.mutes
    ADD CONSTRAINT mutes_muted_id_fkey FOREIGN KEY (muted_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.mutes
    ADD CONSTRAINT mutes_muter_id_fkey FOREIGN KEY (muter_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_reporter_id_fkey FOREIGN KEY (reporter_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.reports
    ADD CONSTRAINT reports_resolved_by_fkey FOREIGN KEY (resolved_by) REFERENCES public.profiles(id) ON DELETE SET NULL;

-- Indexes

CREATE INDEX followed_private_people_following_id_idx ON app_private.followed_private_people USING btree (following_id);

CREATE INDEX blocks_blocked_id_idx ON public.blocks USING btree (blocked_id, blocker_id);

CREATE INDEX mutes_muted_id_idx ON public.mutes USING btree (muted_id);

CREATE UNIQUE INDEX reports_one_open_per_reporter_idx ON public.reports USING btree (reporter_id, target_type, target_id) WHERE (status = 'open'::text);

CREATE INDEX reports_open_idx ON public.reports USING btree (created_at, id) WHERE (status = 'open'::text);

CREATE INDEX reports_reporter_id_idx ON public.reports USING btree (reporter_id);

CREATE INDEX reports_resolved_by_idx ON public.reports USING btree (resolved_by);

CREATE INDEX reports_target_idx ON public.reports USING btree (target_type, target_id);

ALTER TABLE public.blocks ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.moderators ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.mutes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.reports ENABLE ROW LEVEL SECURITY;

COMMENT ON TABLE app_private.followed_private_people IS 'The follows whose followed person is private and not suspended, kept by triggers: whom each reader may see among restricted authors (the posts policy, through app_rules.followed_private_people).';

COMMENT ON TABLE app_private.reader_lists IS 'Each person''s block partners, muted people and followed private people, kept by triggers as app_private.reader_lists_computed gives them (read by app_rules.reader_lists_of).';

-- Functions

CREATE FUNCTION app_private.count_reader_lists_write() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  -- An assignment, not PERFORM: a plain expression needs no executor of its own.
  generation text := set_config(
    'app_rules.reader_lists_generation',
    (coalesce(nullif(current_setting('app_rules.reader_lists_generation', true), ''), '0')::bigint
      + 1)::text,
    false
  );
begin
  return null;
end
$$;

CREATE FUNCTION app_private.end_follow_requests_on_block() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.follow_requests r
  where (r.requester_id = new.blocker_id and r.target_id = new.blocked_id)
     or (r.requester_id = new.blocked_id and r.target_id = new.blocker_id);
  return null;
end
$$;

CREATE FUNCTION app_private.end_follows_on_block() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  delete from public.follows f
  where (f.follower_id = new.blocker_id and f.following_id = new.blocked_id)
     or (f.follower_id = new.blocked_id and f.following_id = new.blocker_id);
  return null;
end
$$;

CREATE FUNCTION app_private.forget_reader_lists() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  key text := set_config('app_rules.reader_lists_key', '', true);
  lists text := set_config('app_rules.reader_lists', '', true);
begin
  return null;
end
$$;

CREATE FUNCTION app_private.guard_person_target() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  target uuid := case tg_table_name
    when 'mutes' then (to_jsonb(new) ->> 'muted_id')::uuid
    else (to_jsonb(new) ->> 'friend_id')::uuid
  end;
begin
  if not exists (select 1 from public.profiles p where p.id = target) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.guard_report() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  visible boolean;
begin
  visible := case new.target_type
    when 'post' then exists (select 1 from public.posts t where t.id = new.target_id)
    when 'comment' then exists (select 1 from public.comments t where t.id = new.target_id)
    when 'story' then exists (select 1 from public.stories t where t.id = new.target_id)
    else exists (select 1 from public.profiles t where t.id = new.target_id)
  end;
  if not visible then
    raise exception 'This content isn''t available' using errcode = 'PT404';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.mark_posts_of_restricted_author() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  restricted boolean := new.is_private or new.suspended_at is not null;
begin
  -- The posts' own trigger reads the same value again from this profile, already updated here.
  update public.posts
  set author_restricted = restricted
  where user_id = new.id and author_restricted is distinct from restricted;
  return null;
end
$$;

CREATE FUNCTION app_private.read_post_author_restriction() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  restricted boolean;
begin
  select a.is_private or a.suspended_at is not null into restricted
  from public.profiles a
  where a.id = new.user_id
  for no key update;
  -- No profile (the foreign key refuses the row anyway): checked the slow way.
  new.author_restricted := coalesce(restricted, true);
  return new;
end
$$;

CREATE FUNCTION app_private.reader_lists_computed(person uuid) RETURNS text
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT (((((((ARRAY( SELECT b.blocked_id
            FROM public.blocks b
           WHERE (b.blocker_id = reader_lists_computed.person)
         UNION ALL
          SELECT b.blocker_id
            FROM public.blocks b
           WHERE (b.blocked_id = reader_lists_computed.person)))::text || '='::text) || (ARRAY( SELECT m.muted_id
            FROM public.mutes m
           WHERE ((m.muter_id = reader_lists_computed.person) AND m.posts)))::text) || '='::text) || (ARRAY( SELECT m.muted_id
            FROM public.mutes m
           WHERE ((m.muter_id = reader_lists_computed.person) AND m.stories)))::text) || '='::text) || (ARRAY( SELECT p.following_id
            FROM app_private.followed_private_people p
           WHERE (p.follower_id = reader_lists_computed.person)))::text);
END;

CREATE FUNCTION app_private.reader_lists_kept_in_session(person uuid) RETURNS text
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  lists text := app_rules.reader_lists_of(person);
  kept text := set_config(
    'app_rules.kept_' || replace(person::text, '-', ''),
    coalesce(nullif(current_setting('app_rules.reader_lists_generation', true), ''), '0')
      || chr(30) || lists,
    false
  );
begin
  return lists;
end
$$;

CREATE FUNCTION app_private.refresh_all_reader_lists() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.refresh_reader_lists(array(select r.person from app_private.reader_lists r));
  return null;
end
$$;

CREATE FUNCTION app_private.refresh_changed_reader_lists() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  people uuid[];
begin
  if tg_table_name = 'blocks' then
    people := array(select b.blocker_id from changed_rows b
                    union select b.blocked_id from changed_rows b);
    if tg_op = 'UPDATE' then
      people := people || array(select b.blocker_id from old_rows b
                                union select b.blocked_id from old_rows b);
    end if;
  elsif tg_table_name = 'mutes' then
    people := array(select m.muter_id from changed_rows m);
    if tg_op = 'UPDATE' then
      people := people || array(select m.muter_id from old_rows m);
    end if;
  else
    people := array(select f.follower_id from changed_rows f);
    if tg_op = 'UPDATE' then
      people := people || array(select f.follower_id from old_rows f);
    end if;
  end if;
  if cardinality(people) > 0 then
    perform app_private.refresh_reader_lists(people);
  end if;
  return null;
end
$$;

CREATE FUNCTION app_private.refresh_reader_lists(people uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  insert into app_private.reader_lists (person, lists)
  select p.id, '' from public.profiles p where p.id = any (people) order by p.id
  on conflict do nothing;
  -- Locked first, in one order, then computed by a statement of its own: a writer that waited
  -- here for another sees what that one committed.
  perform 1 from app_private.reader_lists r where r.person = any (people) order by r.person
  for update;
  update app_private.reader_lists r
  set lists = app_private.reader_lists_computed(r.person)
  where r.person = any (people);
end
$$;

CREATE FUNCTION app_private.require_moderator() RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if not app_rules.is_moderator() then
    raise exception 'Only moderators can do this' using errcode = '42501';
  end if;
  perform app_rules.caller_may_write();
end
$$;

CREATE FUNCTION app_rules.remember_reader_lists() RETURNS text
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  -- Assignments, not PERFORM: a plain expression needs no executor of its own.
  lists text := set_config('app_rules.reader_lists', app_rules.reader_lists_of(caller), true);
  key text := set_config('app_rules.reader_lists_key', app_rules.reader_key(), true);
begin
  return lists;
end
$$;

CREATE FUNCTION app_rules.reader_list(place integer) RETURNS uuid[]
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT
         CASE
             WHEN (current_setting('app_rules.reader_lists_key'::text, true) = app_rules.reader_key()) THEN (split_part(current_setting('app_rules.reader_lists'::text, true), '='::text, (place - 1)))::uuid[]
             ELSE (split_part(app_rules.remember_reader_lists(), '='::text, (place - 1)))::uuid[]
         END AS split_part;
END;

CREATE FUNCTION app_rules.block_partners() RETURNS uuid[]
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT app_rules.reader_list(2) AS reader_list;
END;

CREATE FUNCTION app_rules.blocked_with(other uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.blocks b
    where (b.blocker_id = (select auth.uid()) and b.blocked_id = other)
       or (b.blocker_id = other and b.blocked_id = (select auth.uid()))
  )
$$;

CREATE FUNCTION app_rules.caller_may_write() RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from public.profiles p
             where p.id = (select auth.uid()) and p.suspended_at is not null) then
    raise exception 'Your account is suspended, so you can''t make changes'
      using errcode = '42501', hint = 'account_suspended';
  end if;
  return true;
end
$$;

COMMENT ON FUNCTION app_rules.caller_may_write() IS 'True, or raises 42501 "Your account is suspended" (hint account_suspended) for a suspended caller. Every write policy and writing SECURITY DEFINER rpc calls it.';

CREATE FUNCTION app_rules.caller_suspended() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.profiles p
    where p.id = (select auth.uid()) and p.suspended_at is not null
  )
$$;

CREATE FUNCTION app_rules.followed_private_people() RETURNS uuid[]
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT app_rules.reader_list(5) AS reader_list;
END;

CREATE FUNCTION app_rules.muted_authors(kind text) RETURNS uuid[]
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT app_rules.reader_list(
         CASE kind
             WHEN 'stories'::text THEN 4
             ELSE 3
         END) AS reader_list;
END;

CREATE FUNCTION app_rules.is_moderator() RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.moderators m where m.user_id = (select auth.uid()))
$$;

CREATE FUNCTION app_rules.reader_lists_of(person uuid) RETURNS text
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT COALESCE(( SELECT r.lists
            FROM app_private.reader_lists r
           WHERE (r.person = reader_lists_of.person)), '{}={}={}={}'::text) AS "coalesce";
END;

CREATE FUNCTION app_rules.suspended_people_hidden() RETURNS uuid[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case
    when (select app_rules.is_moderator()) then '{}'::uuid[]
    else coalesce(
      (select array_agg(p.id) from public.profiles p
       where p.suspended_at is not null and p.id is distinct from (select auth.uid())),
      '{}'::uuid[])
  end
$$;

CREATE FUNCTION public.blocked_accounts() RETURNS TABLE(id uuid, username text, full_name text, avatar_url text, blocked_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select p.id, p.username, p.full_name, p.avatar_url, b.created_at
  from public.blocks b
  join public.profiles p on p.id = b.blocked_id
  where b.blocker_id = (select auth.uid())
    and (select app_private.require_second_factor())
  order by b.created_at desc
  limit 1000
$$;

CREATE FUNCTION public.moderation_lift_suspension(person uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_second_factor();
  perform app_private.require_moderator();
  update public.profiles set suspended_at = null
  where id = person and suspended_at is not null;
  if not found then
    raise exception 'This account isn''t suspended' using errcode = 'PT404';
  end if;
  update auth.users set banned_until = null where id = person;
end
$$;

COMMENT ON FUNCTION public.moderation_lift_suspension(person uuid) IS 'Moderators only: lifts the suspension of person (profiles.suspended_at and the sign-in ban).';

CREATE FUNCTION public.moderation_reports(page_size integer DEFAULT 50) RETURNS TABLE(report_id uuid, target_type text, target_id uuid, reason text, details text, reported_at timestamp with time zone, report_count integer, reporter_username text, author_id uuid, author_username text, author_suspended boolean, content_text text, content_image_url text)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform app_private.require_second_factor();
  perform app_private.require_moderator();
  return query
  with open_targets as (
    select distinct on (r.target_type, r.target_id)
           r.id, r.target_type, r.target_id, r.reason, r.details, r.created_at, r.reporter_id,
           count(*) over (partition by r.target_type, r.target_id)::integer as n,
           min(r.created_at) over (partition by r.target_type, r.target_id) as first_at
    from public.reports r
    where r.status = 'open'
    order by r.target_type, r.target_id, r.created_at desc
  ),
  content as (
    select o.*,
           coalesce(po.user_id, co.user_id, st.user_id, pr.id) as author,
           coalesce(po.caption, co.body, st.caption, pr.bio) as body,
           coalesce(po.thumb_url, po.image_url, st.thumb_url, st.image_url, pr.avatar_url) as image
    from open_targets o
    left join public.posts po on o.target_type = 'post' and po.id = o.target_id
    left join public.comments co on o.target_type = 'comment' and co.id = o.target_id
    left join public.stories st on o.target_type = 'story' and st.id = o.target_id
    left join public.profiles pr on o.target_type = 'profile' and pr.id = o.target_id
  )
  select c.id, c.target_type, c.target_id, c.reason, c.details, c.created_at, c.n,
         rp.username, c.author, au.username, au.suspended_at is not null, c.body, c.image
  from content c
  left join public.profiles rp on rp.id = c.reporter_id
  left join public.profiles au on au.id = c.author
  order by c.first_at, c.id
  limit least(greatest(coalesce(page_size, 50), 1), 200);
end
$$;

CREATE FUNCTION public.moderation_resolve(report uuid, action text) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  target record;
  author uuid;
  closed integer;
begin
  perform app_private.require_second_factor();
  perform app_private.require_moderator();
  if action not in ('dismiss', 'remove', 'suspend') then
    raise exception 'action must be dismiss, remove or suspend' using errcode = '22023';
  end if;
  select r.target_type, r.target_id into target
  from public.reports r where r.id = report and r.status = 'open';
  if not found then
    raise exception 'This report is already resolved' using errcode = 'PT404';
  end if;
  author := case target.target_type
    when 'post' then (select p.user_id from public.posts p where p.id = target.target_id)
    when 'comment' then (select c.user_id from public.comments c where c.id = target.target_id)
    when 'story' then (select s.user_id from public.stories s where s.id = target.target_id)
    else target.target_id
  end;
  if action = 'remove' then
    if target.target_type = 'profile' then
      raise exception 'A profile is suspended, not removed' using errcode = '22023';
    end if;
    delete from public.posts p where target.target_type = 'post' and p.id = target.target_id;
    delete from public.comments c where target.target_type = 'comment' and c.id = target.target_id;
    delete from public.stories s where target.target_type = 'story' and s.id = target.target_id;
  elsif action = 'suspend' then
    if author is null then
      raise exception 'The reported content is gone; dismiss the report' using errcode = '22023';
    end if;
    update public.profiles set suspended_at = coalesce(suspended_at, now()) where id = author;
    update auth.users set banned_until = now() + interval '100 years' where id = author;
  end if;
  update public.reports r
  set status = case action when 'dismiss' then 'dismissed'
                           when 'remove' then 'removed' else 'suspended' end,
      resolved_at = now(),
      resolved_by = auth.uid()
  where r.target_type = target.target_type and r.target_id = target.target_id
    and r.status = 'open';
  get diagnostics closed = row_count;
  return closed;
end
$$;

CREATE FUNCTION public.report_content(target_type text, target_id uuid, reason text, details text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to report' using errcode = '42501';
  end if;
  -- Not ON CONFLICT: that needs the reporter to read reports, which only moderators do.
  begin
    insert into public.reports (reporter_id, target_type, target_id, reason, details)
    values (auth.uid(), report_content.target_type, report_content.target_id,
            report_content.reason, nullif(btrim(report_content.details), ''));
  exception when unique_violation then
    null;
  end;
end
$$;

-- Triggers

CREATE TRIGGER count_reader_lists_write AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON app_private.reader_lists FOR EACH STATEMENT EXECUTE FUNCTION app_private.count_reader_lists_write();

CREATE TRIGGER forget_reader_lists AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON app_private.followed_private_people FOR EACH STATEMENT EXECUTE FUNCTION app_private.forget_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_delete AFTER DELETE ON app_private.followed_private_people REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_insert AFTER INSERT ON app_private.followed_private_people REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_truncate AFTER TRUNCATE ON app_private.followed_private_people FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_all_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_update AFTER UPDATE ON app_private.followed_private_people REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER before_report_inserted BEFORE INSERT ON public.reports FOR EACH ROW EXECUTE FUNCTION app_private.guard_report();

CREATE TRIGGER forget_reader_lists AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.blocks FOR EACH STATEMENT EXECUTE FUNCTION app_private.forget_reader_lists();

CREATE TRIGGER forget_reader_lists AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.mutes FOR EACH STATEMENT EXECUTE FUNCTION app_private.forget_reader_lists();

CREATE TRIGGER guard_mute_target BEFORE INSERT ON public.mutes FOR EACH ROW EXECUTE FUNCTION app_private.guard_person_target();

CREATE TRIGGER on_block_end_follow_requests AFTER INSERT ON public.blocks FOR EACH ROW EXECUTE FUNCTION app_private.end_follow_requests_on_block();

CREATE TRIGGER on_block_end_follows AFTER INSERT ON public.blocks FOR EACH ROW EXECUTE FUNCTION app_private.end_follows_on_block();

CREATE TRIGGER refresh_reader_lists_after_delete AFTER DELETE ON public.blocks REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_delete AFTER DELETE ON public.mutes REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_insert AFTER INSERT ON public.blocks REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_insert AFTER INSERT ON public.mutes REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_truncate AFTER TRUNCATE ON public.blocks FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_all_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_truncate AFTER TRUNCATE ON public.mutes FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_all_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_update AFTER UPDATE ON public.blocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

CREATE TRIGGER refresh_reader_lists_after_update AFTER UPDATE ON public.mutes REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION app_private.refresh_changed_reader_lists();

-- Row-level security policies

CREATE POLICY "Blockers read their own blocks" ON public.blocks FOR SELECT TO authenticated USING ((blocker_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Blockers unblock" ON public.blocks FOR DELETE TO authenticated USING ((blocker_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Moderators read their own row" ON public.moderators FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Muters change their own mutes" ON public.mutes FOR UPDATE TO authenticated USING ((muter_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((muter_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Muters read their own mutes" ON public.mutes FOR SELECT TO authenticated USING ((muter_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Muters unmute" ON public.mutes FOR DELETE TO authenticated USING ((muter_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Only moderators read reports" ON public.reports FOR SELECT TO authenticated USING (( SELECT app_rules.is_moderator() AS is_moderator));

CREATE POLICY "Second factor required once enrolled" ON public.blocks AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.moderators AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.mutes AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.reports AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Suspended accounts add nothing" ON public.blocks AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.mutes AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.reports AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.mutes AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.blocks AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.mutes AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Users block as themselves" ON public.blocks FOR INSERT TO authenticated WITH CHECK ((blocker_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users mute as themselves" ON public.mutes FOR INSERT TO authenticated WITH CHECK ((muter_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users report as themselves" ON public.reports FOR INSERT TO authenticated WITH CHECK ((reporter_id = ( SELECT auth.uid() AS uid)));

-- Triggers and policies on earlier sections' tables that call this section's functions

CREATE TRIGGER guard_close_friend_target BEFORE INSERT ON public.close_friends FOR EACH ROW EXECUTE FUNCTION app_private.guard_person_target();

CREATE TRIGGER mark_posts_of_restricted_author AFTER UPDATE OF is_private, suspended_at ON public.profiles FOR EACH ROW WHEN (((old.is_private OR (old.suspended_at IS NOT NULL)) IS DISTINCT FROM (new.is_private OR (new.suspended_at IS NOT NULL)))) EXECUTE FUNCTION app_private.mark_posts_of_restricted_author();

CREATE POLICY "Follow requests of suspended accounts hidden" ON public.follow_requests AS RESTRICTIVE FOR SELECT TO authenticated USING ((NOT (ARRAY[requester_id, target_id] && ( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden))));

CREATE POLICY "Follows of suspended accounts hidden" ON public.follows AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((NOT (ARRAY[follower_id, following_id] && ( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden))));

CREATE POLICY "Profiles hidden across a block or a suspension" ON public.profiles AS RESTRICTIVE FOR SELECT TO anon, authenticated USING (((NOT (id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))) AND ((suspended_at IS NULL) OR (id = ( SELECT auth.uid() AS uid)) OR ( SELECT app_rules.is_moderator() AS is_moderator))));

CREATE POLICY "Suspended accounts add nothing" ON public.close_friends AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.follow_requests AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.follows AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.profiles AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.close_friends AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.follow_requests AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.follows AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

-- ==============================================================================================
-- Posts, photos and tags
-- Posts with their carousel photos, hashtags and people tags, locations, creation and
-- editing, and the feed, tag and search pages.
-- ==============================================================================================

-- Tables

CREATE TABLE public.posts (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    image_url text NOT NULL,
    caption text,
    likes_count integer DEFAULT 0 NOT NULL,
    comments_count integer DEFAULT 0 NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    width integer,
    height integer,
    thumb_url text,
    placeholder text,
    alt_text text,
    edited_at timestamp with time zone,
    image_count smallint DEFAULT 1 NOT NULL,
    is_sensitive boolean DEFAULT false NOT NULL,
    sensitive_reason text,
    comments_disabled boolean DEFAULT false NOT NULL,
    hide_like_count boolean DEFAULT false NOT NULL,
    location text,
    author_restricted boolean DEFAULT false NOT NULL,
    CONSTRAINT posts_alt_text_length CHECK ((char_length(alt_text) <= 1000)),
    CONSTRAINT posts_caption_length CHECK ((char_length(caption) <= 500)),
    CONSTRAINT posts_comments_count_not_negative CHECK ((comments_count >= 0)),
    CONSTRAINT posts_dimensions_valid CHECK ((((width IS NULL) = (height IS NULL)) AND ((width IS NULL) OR ((width BETWEEN 1 AND 20000) AND (height BETWEEN 1 AND 20000))))),
    CONSTRAINT posts_image_count_range CHECK (((image_count >= 1) AND (image_count <= 10))),
    CONSTRAINT posts_image_url_storage_path CHECK (app_rules.is_storage_path(image_url)),
    CONSTRAINT posts_likes_count_not_negative CHECK ((likes_count >= 0)),
    CONSTRAINT posts_location_length CHECK (((location IS NULL) OR ((char_length(location) BETWEEN 1 AND 100) AND (location = btrim(location))))),
    CONSTRAINT posts_placeholder_format CHECK ((placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$'::text)),
    CONSTRAINT posts_sensitive_reason_valid CHECK (((sensitive_reason IS NULL) OR (is_sensitive AND ((char_length(sensitive_reason) >= 1) AND (char_length(sensitive_reason) <= 100))))),
    CONSTRAINT posts_thumb_url_length CHECK ((char_length(thumb_url) <= 2048)),
    CONSTRAINT posts_thumb_url_storage_path CHECK (((thumb_url IS NULL) OR app_rules.is_storage_path(thumb_url)))
);

CREATE TABLE public.post_images (
    post_id uuid NOT NULL,
    "position" smallint NOT NULL,
    image_url text NOT NULL,
    thumb_url text,
    width integer,
    height integer,
    placeholder text,
    alt_text text,
    CONSTRAINT post_images_alt_text_length CHECK ((char_length(alt_text) <= 1000)),
    CONSTRAINT post_images_dimensions_valid CHECK ((((width IS NULL) = (height IS NULL)) AND ((width IS NULL) OR ((width BETWEEN 1 AND 20000) AND (height BETWEEN 1 AND 20000))))),
    CONSTRAINT post_images_image_url_storage_path CHECK (app_rules.is_storage_path(image_url)),
    CONSTRAINT post_images_placeholder_format CHECK ((placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$'::text)),
    CONSTRAINT post_images_position_range CHECK ((("position" >= 0) AND ("position" <= 9))),
    CONSTRAINT post_images_thumb_url_storage_path CHECK (((thumb_url IS NULL) OR app_rules.is_storage_path(thumb_url)))
);

CREATE TABLE public.post_people_tags (
    post_id uuid NOT NULL,
    "position" smallint NOT NULL,
    user_id uuid NOT NULL,
    x real NOT NULL,
    y real NOT NULL,
    status text DEFAULT 'approved'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT post_people_tags_status_valid CHECK ((status = ANY (ARRAY['approved'::text, 'pending'::text]))),
    CONSTRAINT post_people_tags_x_range CHECK (((x >= (0)::double precision) AND (x <= (1)::double precision))),
    CONSTRAINT post_people_tags_y_range CHECK (((y >= (0)::double precision) AND (y <= (1)::double precision)))
);

CREATE TABLE public.post_tags (
    post_id uuid NOT NULL,
    tag text NOT NULL,
    post_created_at timestamp with time zone NOT NULL,
    CONSTRAINT post_tags_tag_format CHECK ((tag ~ '^[a-z0-9_]{1,100}$'::text))
);

ALTER TABLE ONLY public.post_images
    ADD CONSTRAINT post_images_pkey PRIMARY KEY (post_id, "position");

ALTER TABLE ONLY public.post_people_tags
    ADD CONSTRAINT post_people_tags_pkey PRIMARY KEY (post_id, "position", user_id);

ALTER TABLE ONLY public.post_tags
    ADD CONSTRAINT post_tags_pkey PRIMARY KEY (post_id, tag);

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.post_images
    ADD CONSTRAINT post_images_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.post_people_tags
    ADD CONSTRAINT post_people_tags_post_id_position_fkey FOREIGN KEY (post_id, "position") REFERENCES public.post_images(post_id, "position") ON DELETE CASCADE;

ALTER TABLE ONLY public.post_people_tags
    ADD CONSTRAINT post_people_tags_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.post_tags
    ADD CONSTRAINT post_tags_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.posts
    ADD CONSTRAINT posts_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX post_people_tags_user_idx ON public.post_people_tags USING btree (user_id, status, post_id);

CREATE INDEX post_tags_page_idx ON public.post_tags USING btree (tag, post_created_at DESC, post_id DESC);

CREATE INDEX posts_feed_order_idx ON public.posts USING btree (created_at DESC, id DESC);

CREATE INDEX posts_user_id_author_restricted_created_at_id_idx ON public.posts USING btree (user_id, author_restricted, created_at DESC, id DESC);

CREATE INDEX posts_user_id_created_at_id_idx ON public.posts USING btree (user_id, created_at DESC, id DESC);

ALTER TABLE public.post_images ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.post_people_tags ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.post_tags ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.posts ENABLE ROW LEVEL SECURITY;

COMMENT ON COLUMN public.posts.author_restricted IS 'Whether the author is private or suspended, kept by triggers from the profile; the posts policy looks up the author only when true. Clients cannot set it.';

-- Functions

CREATE FUNCTION app_private.caption_hashtags(caption text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select m[2]
  from regexp_matches(coalesce(caption, ''), '(^|[^A-Za-z0-9_.@#&])#([A-Za-z0-9_]{1,100})', 'g') as m
$$;

CREATE FUNCTION app_private.count_added_posts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform 1 from public.profiles
  where id in (select distinct user_id from added) order by id for no key update;
  update public.profiles p
  set posts_count = p.posts_count + a.n
  from (select user_id, count(*)::integer as n from added group by user_id) a
  where p.id = a.user_id;
  return null;
end
$$;

CREATE FUNCTION app_private.count_post_images() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.posts p
  set image_count = greatest((select count(*) from public.post_images i where i.post_id = p.id), 1)
  where p.id = new.post_id;
  return null;
end
$$;

CREATE FUNCTION app_private.count_removed_posts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  perform 1 from public.profiles
  where id in (select distinct user_id from removed) order by id for no key update;
  update public.profiles p
  set posts_count = greatest(p.posts_count - r.n, 0)
  from (select user_id, count(*)::integer as n from removed group by user_id) r
  where p.id = r.user_id;
  return null;
end
$$;

CREATE FUNCTION app_private.guard_people_tag() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  tagged_person record;
  tagged integer;
begin
  select p.manually_approve_tags, p.suspended_at is not null as suspended into tagged_person
  from public.profiles p where p.id = new.user_id;
  if not found or tagged_person.suspended or app_rules.blocked_with(new.user_id) then
    raise exception 'This account isn''t available' using errcode = 'PT404';
  end if;
  new.status := case
    when tagged_person.manually_approve_tags and new.user_id is distinct from (select auth.uid())
      then 'pending'
    else 'approved'
  end;
  perform pg_advisory_xact_lock(hashtextextended('post_people_tags:' || new.post_id::text, 0));
  select count(distinct t.user_id) into tagged
  from public.post_people_tags t
  where t.post_id = new.post_id and t.user_id <> new.user_id;
  if tagged >= 20 then
    raise exception using
      errcode = '23514',
      message = 'You can tag up to 20 people in a post',
      detail = format('This post already tags %s people', tagged),
      hint = 'Remove a tag first.';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.guard_post_images() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if current_setting('app.creating_post', true) is distinct from new.post_id::text then
    raise exception 'Photos are added with their post, through create_post'
      using errcode = '42501';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.guard_post_interaction() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if not exists (select 1 from public.posts p where p.id = new.post_id) then
    raise exception 'This post isn''t available' using errcode = 'PT404';
  end if;
  -- Nested, so the likes table (which has no parent_id) never parses the inner condition.
  if tg_table_name = 'comments' then
    if new.parent_id is not null
       and not exists (select 1 from public.comments c where c.id = new.parent_id) then
      raise exception 'The comment you are replying to isn''t available' using errcode = 'PT404';
    end if;
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.index_post_tags() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION app_private.limit_caption_hashtags() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION app_private.stamp_post_edit() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if new.caption is distinct from old.caption then
    new.edited_at := now();
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.tidy_post_location() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.location := nullif(btrim(regexp_replace(new.location, '\s+', ' ', 'g')), '');
  if char_length(new.location) > 100 then
    raise exception using
      errcode = '23514',
      message = 'A location can be at most 100 characters',
      detail = format('This one has %s', char_length(new.location)),
      hint = 'Shorten the location.';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_rules.backdate_new_post(post_id uuid, taken_at timestamp with time zone) RETURNS public.posts
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  dated public.posts;
begin
  update public.posts p set created_at = backdate_new_post.taken_at
  where p.id = backdate_new_post.post_id and p.user_id = (select auth.uid())
    and p.created_at = now()
  returning * into dated;
  if found then
    -- Hashtag pages order by the post's date, copied when the caption was indexed.
    update public.post_tags t set post_created_at = backdate_new_post.taken_at
    where t.post_id = dated.id;
  end if;
  return dated;
end
$$;

CREATE FUNCTION app_rules.following_feed_authors() RETURNS TABLE(id uuid, restricted boolean)
    LANGUAGE sql STABLE
    BEGIN ATOMIC
 SELECT f.following_id,
     (f.following_id = ANY (( SELECT app_rules.followed_private_people() AS followed_private_people)::uuid[]))
    FROM public.follows f
   WHERE ((f.follower_id = ( SELECT auth.uid() AS uid)) AND (NOT (f.following_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))) AND (NOT (f.following_id = ANY (( SELECT app_rules.muted_authors('posts'::text) AS muted_authors)::uuid[]))));
END;

CREATE FUNCTION app_rules.last_public_posts(people uuid[]) RETURNS TABLE(id uuid, last_post_at timestamp with time zone)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select a.id, (select max(q.created_at) from public.posts q where q.user_id = a.id)
  from public.profiles a
  where a.id = any (people) and not a.is_private and a.suspended_at is null
$$;

CREATE FUNCTION public.create_post(caption text, images jsonb, post_id uuid DEFAULT NULL::uuid, location text DEFAULT NULL::text) RETURNS public.posts
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  uid uuid := auth.uid();
  new_id uuid := coalesce(create_post.post_id, gen_random_uuid());
  photo jsonb;
  created public.posts;
begin
  if uid is null then
    raise exception 'Sign in to post' using errcode = '42501';
  end if;

  select * into created from public.posts p where p.id = new_id;
  if found then
    if created.user_id = uid then
      return created;
    end if;
    raise exception 'This post id is already taken' using errcode = '23505';
  end if;

  if jsonb_typeof(images) is distinct from 'array'
     or jsonb_array_length(images) not between 1 and 10 then
    raise exception 'A post has from 1 to 10 photos' using errcode = '22023';
  end if;
  for photo in select value from jsonb_array_elements(images) loop
    if jsonb_typeof(photo) is distinct from 'object'
       -- ->> gives null for a missing or JSON-null value, which the check refuses
       or not public.is_own_storage_url(photo ->> 'image_url', 'posts', uid)
       or (photo ->> 'thumb_url' is not null
           and not public.is_own_storage_url(photo ->> 'thumb_url', 'posts', uid)) then
      raise exception 'Every photo must be uploaded to your own folder first' using errcode = '42501';
    end if;
  end loop;

  -- The location is tidied (and a too-long one refused) by the tidy_post_location trigger.
  insert into public.posts (id, user_id, image_url, thumb_url, width, height, placeholder,
                            alt_text, caption, location)
  select new_id, uid, p.image_url, p.thumb_url, p.width, p.height, p.placeholder,
         nullif(btrim(p.alt_text), ''), nullif(btrim(create_post.caption), ''),
         create_post.location
  from jsonb_to_record(images -> 0)
    as p(image_url text, thumb_url text, width integer, height integer, placeholder text,
         alt_text text)
  returning * into created;

  perform set_config('app.creating_post', created.id::text, true);
  insert into public.post_images (post_id, position, image_url, thumb_url, width, height,
                                  placeholder, alt_text)
  select created.id, (e.ordinality - 1)::smallint, p.image_url, p.thumb_url, p.width, p.height,
         p.placeholder, nullif(btrim(p.alt_text), '')
  from jsonb_array_elements(images) with ordinality as e(value, ordinality)
  cross join lateral jsonb_to_record(e.value)
    as p(image_url text, thumb_url text, width integer, height integer, placeholder text,
         alt_text text);
  perform set_config('app.creating_post', '', true);

  -- Read back: image_count was set by the photos' trigger after the insert above.
  select * into created from public.posts p where p.id = created.id;
  return created;
end
$$;

CREATE FUNCTION public.edit_post(post_id uuid, caption text, alt_texts text[] DEFAULT NULL::text[], location text DEFAULT NULL::text) RETURNS public.posts
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  edited public.posts;
begin
  update public.posts p
  set caption = nullif(btrim(edit_post.caption), ''),
      alt_text = case when alt_texts is null then p.alt_text
                      else nullif(btrim(alt_texts[1]), '') end,
      location = coalesce(edit_post.location, p.location)
  where p.id = edit_post.post_id
  returning * into edited;
  if not found then
    raise exception 'This post does not exist or is not yours' using errcode = '42501';
  end if;
  if alt_texts is not null then
    update public.post_images i
    set alt_text = nullif(btrim(alt_texts[i.position + 1]), '')
    where i.post_id = edit_post.post_id;
  end if;
  return edited;
end
$$;

CREATE FUNCTION public.feed_page(before_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, before_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 12) RETURNS SETOF public.posts
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) < (bound_at, bound_id)
    and not (p.user_id = any ((select app_rules.muted_authors('posts'))::uuid[]))
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

CREATE FUNCTION public.feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer DEFAULT 12) RETURNS SETOF public.posts
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  select p.*
  from public.posts p
  where (p.created_at, p.id) > (after_created_at, after_id)
    and not (p.user_id = any ((select app_rules.muted_authors('posts'))::uuid[]))
  order by p.created_at asc, p.id asc
  limit page_limit;
end
$$;

CREATE FUNCTION public.following_feed_page(before_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, before_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 12) RETURNS SETOF public.posts
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  with followed as (select * from app_rules.following_feed_authors()),
  newest as (
    select n.created_at
    from followed a
    cross join lateral (
      select q.created_at
      from public.posts q
      where q.user_id = a.id
        and q.author_restricted = a.restricted
        and (q.created_at, q.id) < (bound_at, bound_id)
      order by q.created_at desc, q.id desc
      limit 1
    ) n
    order by n.created_at desc
    limit page_limit
  )
  select p.*
  from followed a
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = a.id
      and q.author_restricted = a.restricted
      and (q.created_at, q.id) < (bound_at, bound_id)
      and q.created_at >= (
        select case when count(*) = page_limit then min(n.created_at) else '-infinity' end
        from newest n
      )
    order by q.created_at desc, q.id desc
    limit page_limit
  ) p
  order by p.created_at desc, p.id desc
  limit page_limit;
end
$$;

CREATE FUNCTION public.following_feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer DEFAULT 12) RETURNS SETOF public.posts
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
begin
  return query
  with followed as (select * from app_rules.following_feed_authors()),
  oldest as (
    select n.created_at
    from followed a
    cross join lateral (
      select q.created_at
      from public.posts q
      where q.user_id = a.id
        and q.author_restricted = a.restricted
        and (q.created_at, q.id) > (after_created_at, after_id)
      order by q.created_at asc, q.id asc
      limit 1
    ) n
    order by n.created_at asc
    limit page_limit
  )
  select p.*
  from followed a
  cross join lateral (
    select q.*
    from public.posts q
    where q.user_id = a.id
      and q.author_restricted = a.restricted
      and (q.created_at, q.id) > (after_created_at, after_id)
      and q.created_at <= (
        select case when count(*) = page_limit then max(n.created_at) else 'infinity' end
        from oldest n
      )
    order by q.created_at asc, q.id asc
    limit page_limit
  ) p
  order by p.created_at asc, p.id asc
  limit page_limit;
end
$$;

CREATE FUNCTION public.import_post(caption text, images jsonb, post_id uuid, taken_at timestamp with time zone, location text DEFAULT NULL::text) RETURNS public.posts
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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

CREATE FUNCTION public.search_hashtags(prefix text, max_rows integer DEFAULT 8) RETURNS TABLE(tag text, posts bigint)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select t.tag, count(*) as posts
  from public.post_tags t
  where t.tag >= lower(search_hashtags.prefix)
    and starts_with(t.tag, lower(search_hashtags.prefix))
    and char_length(search_hashtags.prefix) between 1 and 100
  group by t.tag
  order by count(*) desc, t.tag
  limit least(greatest(coalesce(max_rows, 8), 1), 20)
$$;

CREATE FUNCTION public.tag_page(tag text, before_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, before_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 12) RETURNS SETOF public.posts
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    SET plan_cache_mode TO 'force_generic_plan'
    AS $$
declare
  page_limit integer := least(greatest(coalesce(page_size, 12), 1), 100);
  wanted_tag text := lower(tag_page.tag);
  bound_at timestamptz := coalesce(before_created_at, 'infinity'::timestamptz);
  bound_id uuid := coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid);
begin
  return query
  select p.*
  from public.post_tags t
  join public.posts p on p.id = t.post_id
  where t.tag = wanted_tag
    and (t.post_created_at, t.post_id) < (bound_at, bound_id)
  order by t.post_created_at desc, t.post_id desc
  limit page_limit;
end
$$;

CREATE FUNCTION public.tagged_page(person uuid, before_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, before_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 12) RETURNS SETOF public.posts
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p.*
  from public.posts p
  where p.id in (
      select t.post_id from public.post_people_tags t
      where t.user_id = tagged_page.person and t.status = 'approved'
    )
    and (p.created_at, p.id) < (
      coalesce(before_created_at, 'infinity'::timestamptz),
      coalesce(before_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid)
    )
  order by p.created_at desc, p.id desc
  limit least(greatest(coalesce(page_size, 12), 1), 100)
$$;

-- Triggers

CREATE TRIGGER before_people_tag_inserted BEFORE INSERT ON public.post_people_tags FOR EACH ROW EXECUTE FUNCTION app_private.guard_people_tag();

CREATE TRIGGER before_post_image_inserted BEFORE INSERT ON public.post_images FOR EACH ROW EXECUTE FUNCTION app_private.guard_post_images();

CREATE TRIGGER keep_photo_paths BEFORE INSERT OR UPDATE OF image_url, thumb_url ON public.post_images FOR EACH ROW EXECUTE FUNCTION app_private.keep_photo_paths();

CREATE TRIGGER keep_photo_paths BEFORE INSERT OR UPDATE OF image_url, thumb_url ON public.posts FOR EACH ROW EXECUTE FUNCTION app_private.keep_photo_paths();

CREATE TRIGGER limit_caption_hashtags BEFORE INSERT OR UPDATE OF caption ON public.posts FOR EACH ROW EXECUTE FUNCTION app_private.limit_caption_hashtags();

CREATE TRIGGER on_post_caption_tagged AFTER INSERT OR UPDATE OF caption ON public.posts FOR EACH ROW EXECUTE FUNCTION app_private.index_post_tags();

CREATE TRIGGER on_post_edited BEFORE UPDATE ON public.posts FOR EACH ROW EXECUTE FUNCTION app_private.stamp_post_edit();

CREATE TRIGGER on_post_image_inserted AFTER INSERT ON public.post_images FOR EACH ROW EXECUTE FUNCTION app_private.count_post_images();

CREATE TRIGGER on_posts_added_count AFTER INSERT ON public.posts REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION app_private.count_added_posts();

CREATE TRIGGER on_posts_removed_count AFTER DELETE ON public.posts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION app_private.count_removed_posts();

CREATE TRIGGER read_post_author_restriction BEFORE INSERT OR UPDATE OF user_id, author_restricted ON public.posts FOR EACH ROW EXECUTE FUNCTION app_private.read_post_author_restriction();

CREATE TRIGGER tidy_post_location BEFORE INSERT OR UPDATE OF location ON public.posts FOR EACH ROW EXECUTE FUNCTION app_private.tidy_post_location();

-- Row-level security policies

CREATE POLICY "Approved people tags are seen with their post" ON public.post_people_tags FOR SELECT TO anon, authenticated USING ((status = 'approved'::text));

CREATE POLICY "Authors add photos to their own posts" ON public.post_images FOR INSERT TO authenticated WITH CHECK (((EXISTS ( SELECT 1
   FROM public.posts p
  WHERE ((p.id = post_images.post_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))) AND public.is_own_storage_url(image_url, 'posts'::text, ( SELECT auth.uid() AS uid)) AND ((thumb_url IS NULL) OR public.is_own_storage_url(thumb_url, 'posts'::text, ( SELECT auth.uid() AS uid)))));

CREATE POLICY "Authors edit the alt text of their own photos" ON public.post_images FOR UPDATE TO authenticated USING ((EXISTS ( SELECT 1
   FROM public.posts p
  WHERE ((p.id = post_images.post_id) AND (p.user_id = ( SELECT auth.uid() AS uid)))))) WITH CHECK ((EXISTS ( SELECT 1
   FROM public.posts p
  WHERE ((p.id = post_images.post_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY "Authors tag people on their own posts" ON public.post_people_tags FOR INSERT TO authenticated WITH CHECK ((EXISTS ( SELECT 1
   FROM public.posts p
  WHERE ((p.id = post_people_tags.post_id) AND (p.user_id = ( SELECT auth.uid() AS uid))))));

CREATE POLICY "Pending people tags are seen by the author and the tagged perso" ON public.post_people_tags FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.posts p
  WHERE ((p.id = post_people_tags.post_id) AND (p.user_id = ( SELECT auth.uid() AS uid)))))));

CREATE POLICY "People tags hidden across a block" ON public.post_people_tags AS RESTRICTIVE FOR SELECT TO authenticated USING ((NOT (user_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))));

CREATE POLICY "People tags seen with their post" ON public.post_people_tags AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((EXISTS ( SELECT 1
   FROM public.posts p
  WHERE (p.id = post_people_tags.post_id))));

CREATE POLICY "Post images are readable by everyone" ON public.post_images FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Post images seen with their post" ON public.post_images AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((EXISTS ( SELECT 1
   FROM public.posts p
  WHERE (p.id = post_images.post_id))));

CREATE POLICY "Post tags are readable by everyone" ON public.post_tags FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Post tags seen with their post" ON public.post_tags AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((EXISTS ( SELECT 1
   FROM public.posts p
  WHERE (p.id = post_tags.post_id))));

CREATE POLICY "Posts are readable by everyone" ON public.posts FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Posts hidden across a block, a private account or a suspension" ON public.posts AS RESTRICTIVE FOR SELECT TO anon, authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR ((NOT (user_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))) AND ((NOT author_restricted) OR (user_id = ANY (( SELECT app_rules.followed_private_people() AS followed_private_people)::uuid[]))))));

CREATE POLICY "Second factor required once enrolled" ON public.post_images AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.post_people_tags AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.post_tags AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.posts AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Suspended accounts add nothing" ON public.post_images AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.post_people_tags AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.posts AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.post_images AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.post_people_tags AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.posts AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.post_people_tags AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.posts AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Tagged people and authors remove tags" ON public.post_people_tags FOR DELETE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.posts p
  WHERE ((p.id = post_people_tags.post_id) AND (p.user_id = ( SELECT auth.uid() AS uid)))))));

CREATE POLICY "Tagged people approve their tags" ON public.post_people_tags FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND (status = 'approved'::text)));

CREATE POLICY "Tags of suspended accounts hidden" ON public.post_people_tags AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((NOT (user_id = ANY (( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden)::uuid[]))));

CREATE POLICY "Users create their own posts" ON public.posts FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND public.is_own_storage_url(image_url, 'posts'::text, user_id) AND ((thumb_url IS NULL) OR public.is_own_storage_url(thumb_url, 'posts'::text, user_id))));

CREATE POLICY "Users delete their own posts" ON public.posts FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users edit their own posts" ON public.posts FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

-- ==============================================================================================
-- Comments
-- Comments and replies (threads of one level), mentions, and the latest comments.
-- ==============================================================================================

-- Tables

CREATE TABLE public.comments (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    post_id uuid NOT NULL,
    user_id uuid NOT NULL,
    parent_id uuid,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    likes_count integer DEFAULT 0 NOT NULL,
    CONSTRAINT comments_body_length CHECK (((char_length(body) BETWEEN 1 AND 2200) AND (body ~ '\S'::text))),
    CONSTRAINT comments_likes_count_not_negative CHECK ((likes_count >= 0)),
    CONSTRAINT comments_not_own_parent CHECK ((parent_id IS DISTINCT FROM id))
);

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_parent_id_fkey FOREIGN KEY (parent_id) REFERENCES public.comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comments
    ADD CONSTRAINT comments_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX comments_parent_id_created_at_idx ON public.comments USING btree (parent_id, created_at, id);

CREATE INDEX comments_post_id_created_at_idx ON public.comments USING btree (post_id, created_at, id);

CREATE INDEX comments_user_id_idx ON public.comments USING btree (user_id);

ALTER TABLE public.comments ENABLE ROW LEVEL SECURITY;

-- Functions

CREATE FUNCTION app_private.attach_reply_to_thread() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  parent_post uuid;
  grandparent uuid;
begin
  if new.parent_id is null then
    return new;
  end if;
  select c.post_id, c.parent_id into parent_post, grandparent
  from public.comments c where c.id = new.parent_id;
  if not found then
    raise exception 'The comment you are replying to was deleted' using errcode = '23503';
  end if;
  if parent_post <> new.post_id then
    raise exception 'A reply must be on the same post as the comment it answers'
      using errcode = '23514';
  end if;
  if grandparent is not null then
    new.parent_id := grandparent;
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.limit_comment_mentions() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  mentions integer;
  most integer := app_private.max_mentions_per_comment();
begin
  select count(*) into mentions from app_private.mentioned_usernames(new.body);
  if mentions > most then
    raise exception using
      errcode = '23514',
      message = format('A comment may mention at most %s people', most),
      detail = format('This one mentions %s', mentions),
      hint = 'Mention fewer people.';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.max_mentions_per_comment() RETURNS integer
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$ select 20 $$;

CREATE FUNCTION app_private.mentioned_usernames(body text) RETURNS SETOF text
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select distinct found.name
  from (
    select lower(rtrim(m[2], '.')) as name
    from regexp_matches(body, '(^|[^A-Za-z0-9_.@#&])@([A-Za-z0-9._]{3,30})', 'g') as m
  ) as found
  where length(found.name) >= 3
$$;

CREATE FUNCTION app_private.update_comments_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update public.posts set comments_count = comments_count + 1 where id = new.post_id;
    return new;
  end if;
  -- When the post itself is being deleted this updates nothing, which is what we want.
  update public.posts set comments_count = greatest(comments_count - 1, 0) where id = old.post_id;
  return old;
end
$$;

CREATE FUNCTION public.latest_comments(post_ids uuid[], per_post integer DEFAULT 2) RETURNS SETOF public.comments
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select c.*
  from unnest(post_ids[1:100]) as p(id)
  cross join lateral (
    select *
    from public.comments c
    where c.post_id = p.id and c.parent_id is null
    order by c.created_at desc, c.id desc
    limit least(greatest(coalesce(per_post, 2), 1), 10)
  ) c
$$;

-- Triggers

CREATE TRIGGER before_comment_allowed BEFORE INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION app_private.guard_post_interaction();

CREATE TRIGGER before_comment_inserted BEFORE INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION app_private.attach_reply_to_thread();

CREATE TRIGGER on_comment_changed AFTER INSERT OR DELETE ON public.comments FOR EACH ROW EXECUTE FUNCTION app_private.update_comments_count();

CREATE TRIGGER on_comment_limit_mentions BEFORE INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION app_private.limit_comment_mentions();

-- Row-level security policies

CREATE POLICY "Authors of a comment or of its post delete it" ON public.comments FOR DELETE TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.posts p
  WHERE ((p.id = comments.post_id) AND (p.user_id = ( SELECT auth.uid() AS uid)))))));

CREATE POLICY "Comments are readable by everyone" ON public.comments FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Comments hidden across a block and with their post" ON public.comments AS RESTRICTIVE FOR SELECT TO anon, authenticated USING (((NOT (user_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))) AND (EXISTS ( SELECT 1
   FROM public.posts p
  WHERE (p.id = comments.post_id)))));

CREATE POLICY "Comments of suspended accounts hidden" ON public.comments AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((NOT (user_id = ANY (( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden)::uuid[]))));

CREATE POLICY "Second factor required once enrolled" ON public.comments AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Suspended accounts add nothing" ON public.comments AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.comments AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Users comment as themselves" ON public.comments FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

-- ==============================================================================================
-- Likes and saves
-- Likes on posts and comments, with their counts, and saved posts.
-- ==============================================================================================

-- Tables

CREATE TABLE public.comment_likes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    comment_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.likes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    post_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.saves (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    post_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.comment_likes
    ADD CONSTRAINT comment_likes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.comment_likes
    ADD CONSTRAINT comment_likes_user_comment_unique UNIQUE (user_id, comment_id);

ALTER TABLE ONLY public.likes
    ADD CONSTRAINT likes_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.likes
    ADD CONSTRAINT likes_user_post_unique UNIQUE (user_id, post_id);

ALTER TABLE ONLY public.saves
    ADD CONSTRAINT saves_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.saves
    ADD CONSTRAINT saves_user_post_unique UNIQUE (user_id, post_id);

ALTER TABLE ONLY public.comment_likes
    ADD CONSTRAINT comment_likes_comment_id_fkey FOREIGN KEY (comment_id) REFERENCES public.comments(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.comment_likes
    ADD CONSTRAINT comment_likes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.likes
    ADD CONSTRAINT likes_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.likes
    ADD CONSTRAINT likes_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.saves
    ADD CONSTRAINT saves_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.saves
    ADD CONSTRAINT saves_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX comment_likes_comment_id_idx ON public.comment_likes USING btree (comment_id);

CREATE INDEX likes_post_created_idx ON public.likes USING btree (post_id, created_at DESC, id DESC);

CREATE INDEX likes_post_id_idx ON public.likes USING btree (post_id);

CREATE INDEX saves_post_id_idx ON public.saves USING btree (post_id);

CREATE INDEX saves_user_id_created_at_idx ON public.saves USING btree (user_id, created_at DESC, post_id DESC);

ALTER TABLE public.comment_likes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.likes ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.saves ENABLE ROW LEVEL SECURITY;

-- Functions

CREATE FUNCTION app_private.update_comment_likes_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update public.comments set likes_count = likes_count + 1 where id = new.comment_id;
    return new;
  end if;
  -- When the comment itself is being deleted this updates nothing, which is what we want.
  update public.comments set likes_count = greatest(likes_count - 1, 0)
  where id = old.comment_id;
  return old;
end
$$;

CREATE FUNCTION app_private.update_likes_count() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' then
    update public.posts set likes_count = likes_count + 1 where id = new.post_id;
    return new;
  end if;
  update public.posts set likes_count = greatest(likes_count - 1, 0) where id = old.post_id;
  return old;
end
$$;

CREATE FUNCTION public.like_highlights(post_ids uuid[]) RETURNS TABLE(post_id uuid, username text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select p.id, coalesce(
    (select pr.username
       from public.follows f
       join public.likes l on l.user_id = f.following_id and l.post_id = p.id
       join public.profiles pr on pr.id = l.user_id
      where f.follower_id = (select auth.uid())
      order by l.created_at desc, l.id desc
      limit 1),
    (select pr.username
       from public.likes l
       join public.profiles pr on pr.id = l.user_id
      where l.post_id = p.id and l.user_id is distinct from (select auth.uid())
      order by l.created_at desc, l.id desc
      limit 1)
  )
  from unnest(post_ids[1:100]) as p(id)
  where exists (select 1 from public.likes l
                where l.post_id = p.id and l.user_id is distinct from (select auth.uid()))
$$;

CREATE FUNCTION public.set_comment_like(target_comment_id uuid, should_like boolean) RETURNS TABLE(liked boolean, likes_count integer)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to like comments' using errcode = '42501';
  end if;
  if should_like is null or target_comment_id is null then
    raise exception 'set_comment_like needs a comment and true or false' using errcode = '22004';
  end if;
  if should_like then
    insert into public.comment_likes (user_id, comment_id)
    values (caller, target_comment_id)
    on conflict on constraint comment_likes_user_comment_unique do nothing;
  else
    delete from public.comment_likes l
    where l.user_id = caller and l.comment_id = target_comment_id;
  end if;
  liked := should_like;
  select c.likes_count into likes_count from public.comments c where c.id = target_comment_id;
  if not found then
    raise exception 'This comment no longer exists' using errcode = 'P0002';
  end if;
  return next;
end
$$;

CREATE FUNCTION public.set_post_like(target_post_id uuid, should_like boolean) RETURNS TABLE(liked boolean, likes_count integer)
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to like posts' using errcode = '42501';
  end if;
  if should_like is null or target_post_id is null then
    raise exception 'set_post_like needs a post and true or false' using errcode = '22004';
  end if;
  if should_like then
    insert into public.likes (user_id, post_id)
    values (caller, target_post_id)
    on conflict on constraint likes_user_post_unique do nothing;
  else
    delete from public.likes l where l.user_id = caller and l.post_id = target_post_id;
  end if;
  liked := should_like;
  select p.likes_count into likes_count from public.posts p where p.id = target_post_id;
  if not found then
    raise exception 'This post no longer exists' using errcode = 'P0002';
  end if;
  return next;
end
$$;

-- Triggers

CREATE TRIGGER guard_like_visibility BEFORE INSERT ON public.likes FOR EACH ROW EXECUTE FUNCTION app_private.guard_post_interaction();

CREATE TRIGGER guard_save_visibility BEFORE INSERT ON public.saves FOR EACH ROW EXECUTE FUNCTION app_private.guard_post_interaction();

CREATE TRIGGER on_comment_like_changed AFTER INSERT OR DELETE ON public.comment_likes FOR EACH ROW EXECUTE FUNCTION app_private.update_comment_likes_count();

CREATE TRIGGER on_like_changed AFTER INSERT OR DELETE ON public.likes FOR EACH ROW EXECUTE FUNCTION app_private.update_likes_count();

-- Row-level security policies

CREATE POLICY "Comment likes are readable where the comment is" ON public.comment_likes FOR SELECT TO anon, authenticated USING ((EXISTS ( SELECT 1
   FROM public.comments c
  WHERE (c.id = comment_likes.comment_id))));

CREATE POLICY "Comment likes hidden across a block" ON public.comment_likes AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((NOT (user_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))));

CREATE POLICY "Comment likes of suspended accounts hidden" ON public.comment_likes AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((NOT (user_id = ANY (( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden)::uuid[]))));

CREATE POLICY "Likes are readable by everyone" ON public.likes FOR SELECT TO anon, authenticated USING (true);

CREATE POLICY "Likes hidden across a block and with their post" ON public.likes AS RESTRICTIVE FOR SELECT TO anon, authenticated USING (((NOT (user_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))) AND (EXISTS ( SELECT 1
   FROM public.posts p
  WHERE (p.id = likes.post_id)))));

CREATE POLICY "Likes of suspended accounts hidden" ON public.likes AS RESTRICTIVE FOR SELECT TO anon, authenticated USING ((NOT (user_id = ANY (( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden)::uuid[]))));

CREATE POLICY "Second factor required once enrolled" ON public.comment_likes AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.likes AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.saves AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Suspended accounts add nothing" ON public.comment_likes AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.likes AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.saves AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.comment_likes AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.likes AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.saves AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Users like as themselves" ON public.likes FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users like comments as themselves" ON public.comment_likes FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.comments c
  WHERE (c.id = comment_likes.comment_id)))));

CREATE POLICY "Users read their own saves" ON public.saves FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users remove their own comment likes" ON public.comment_likes FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users remove their own likes" ON public.likes FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users remove their own saves" ON public.saves FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users save as themselves" ON public.saves FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

-- ==============================================================================================
-- Stories
-- Stories that live a day, who saw them, and the story strip.
-- ==============================================================================================

-- Tables

CREATE TABLE public.stories (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    image_url text NOT NULL,
    thumb_url text,
    width integer NOT NULL,
    height integer NOT NULL,
    placeholder text,
    caption text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone DEFAULT (now() + '24:00:00'::interval) NOT NULL,
    close_friends_only boolean DEFAULT false NOT NULL,
    CONSTRAINT stories_caption_length CHECK ((char_length(caption) <= 200)),
    CONSTRAINT stories_dimensions_valid CHECK (((width BETWEEN 1 AND 20000) AND (height BETWEEN 1 AND 20000))),
    CONSTRAINT stories_image_url_storage_path CHECK (app_rules.is_storage_path(image_url)),
    CONSTRAINT stories_placeholder_format CHECK ((placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$'::text)),
    CONSTRAINT stories_thumb_url_storage_path CHECK (((thumb_url IS NULL) OR app_rules.is_storage_path(thumb_url)))
);

CREATE TABLE public.story_views (
    story_id uuid NOT NULL,
    viewer_id uuid NOT NULL,
    viewed_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY public.stories
    ADD CONSTRAINT stories_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.story_views
    ADD CONSTRAINT story_views_pkey PRIMARY KEY (story_id, viewer_id);

ALTER TABLE ONLY public.stories
    ADD CONSTRAINT stories_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.story_views
    ADD CONSTRAINT story_views_story_id_fkey FOREIGN KEY (story_id) REFERENCES public.stories(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.story_views
    ADD CONSTRAINT story_views_viewer_id_fkey FOREIGN KEY (viewer_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX stories_expires_at_idx ON public.stories USING btree (expires_at);

CREATE INDEX stories_user_id_created_at_idx ON public.stories USING btree (user_id, created_at DESC);

CREATE INDEX story_views_viewer_id_idx ON public.story_views USING btree (viewer_id);

ALTER TABLE public.stories ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.story_views ENABLE ROW LEVEL SECURITY;

-- Functions

CREATE FUNCTION app_private.set_story_lifetime() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.created_at := public.story_clock();
  new.expires_at := new.created_at + interval '24 hours';
  return new;
end
$$;

CREATE FUNCTION public.mark_story_seen(target_story_id uuid) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to watch stories' using errcode = '42501';
  end if;
  if not exists (select 1 from public.stories s where s.id = target_story_id) then
    raise exception 'This story is no longer available' using errcode = 'PT404';
  end if;
  insert into public.story_views (story_id, viewer_id)
  values (target_story_id, caller)
  on conflict (story_id, viewer_id) do nothing;
end
$$;

CREATE FUNCTION public.story_clock() RETURNS timestamp with time zone
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select least(now(), coalesce(nullif(current_setting('app.story_now', true), '')::timestamptz,
                               now()))
$$;

CREATE FUNCTION public.story_strip() RETURNS TABLE(user_id uuid, username text, full_name text, avatar_url text, has_unseen boolean, story_count integer, latest_at timestamp with time zone, close_friends boolean)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select s.user_id, p.username, p.full_name, p.avatar_url,
         bool_or(v.story_id is null) as has_unseen,
         count(*)::integer as story_count,
         max(s.created_at) as latest_at,
         bool_or(s.close_friends_only) as close_friends
  from public.stories s
  join public.profiles p on p.id = s.user_id
  left join public.story_views v
    on v.story_id = s.id and v.viewer_id = (select auth.uid())
  where not (s.user_id = any ((select app_rules.muted_authors('stories'))::uuid[]))
  group by s.user_id, p.username, p.full_name, p.avatar_url
  order by s.user_id = (select auth.uid()) desc nulls last,
           bool_or(v.story_id is null) desc,
           max(s.created_at) desc,
           s.user_id
$$;

-- Triggers

CREATE TRIGGER keep_photo_paths BEFORE INSERT OR UPDATE OF image_url, thumb_url ON public.stories FOR EACH ROW EXECUTE FUNCTION app_private.keep_photo_paths();

CREATE TRIGGER on_story_created BEFORE INSERT ON public.stories FOR EACH ROW EXECUTE FUNCTION app_private.set_story_lifetime();

-- Row-level security policies

CREATE POLICY "Authors and their followers see live stories" ON public.stories FOR SELECT TO authenticated USING (((expires_at > ( SELECT public.story_clock() AS story_clock)) AND ((user_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.follows f
  WHERE ((f.follower_id = ( SELECT auth.uid() AS uid)) AND (f.following_id = stories.user_id)))))));

CREATE POLICY "Authors delete their own stories" ON public.stories FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Close friends stories only for the list" ON public.stories AS RESTRICTIVE FOR SELECT TO authenticated USING (((NOT close_friends_only) OR (user_id = ( SELECT auth.uid() AS uid)) OR app_rules.is_close_friend_of(user_id)));

CREATE POLICY "Second factor required once enrolled" ON public.stories AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.story_views AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Stories hidden across a block or a suspension" ON public.stories AS RESTRICTIVE FOR SELECT TO authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.profiles author
  WHERE ((author.id = stories.user_id) AND (author.suspended_at IS NULL) AND ((NOT author.is_private) OR (EXISTS ( SELECT 1
           FROM public.follows f
          WHERE ((f.follower_id = ( SELECT auth.uid() AS uid)) AND (f.following_id = stories.user_id))))))))));

CREATE POLICY "Story views hidden across a block" ON public.story_views AS RESTRICTIVE FOR SELECT TO authenticated USING ((NOT (viewer_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))));

CREATE POLICY "Story views of suspended accounts hidden" ON public.story_views AS RESTRICTIVE FOR SELECT TO authenticated USING ((NOT (viewer_id = ANY (( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden)::uuid[]))));

CREATE POLICY "Suspended accounts add nothing" ON public.stories AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.story_views AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.stories AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Users mark stories they can see as seen, as themselves" ON public.story_views FOR INSERT TO authenticated WITH CHECK (((viewer_id = ( SELECT auth.uid() AS uid)) AND (EXISTS ( SELECT 1
   FROM public.stories s
  WHERE (s.id = story_views.story_id)))));

CREATE POLICY "Users post their own stories" ON public.stories FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND public.is_own_storage_url(image_url, 'stories'::text, user_id) AND ((thumb_url IS NULL) OR public.is_own_storage_url(thumb_url, 'stories'::text, user_id))));

CREATE POLICY "Viewers see their own views; authors see who viewed" ON public.story_views FOR SELECT TO authenticated USING (((viewer_id = ( SELECT auth.uid() AS uid)) OR (EXISTS ( SELECT 1
   FROM public.stories s
  WHERE ((s.id = story_views.story_id) AND (s.user_id = ( SELECT auth.uid() AS uid)))))));

-- ==============================================================================================
-- Direct messages
-- Threads, participants (requests and groups), messages, reactions and the inbox.
-- ==============================================================================================

-- Tables

CREATE TABLE public.direct_messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    thread_id uuid NOT NULL,
    sender_id uuid NOT NULL,
    kind text NOT NULL,
    body text,
    image_url text,
    thumb_url text,
    width integer,
    height integer,
    placeholder text,
    post_id uuid,
    story_id uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT direct_messages_body_length CHECK ((char_length(body) <= 1000)),
    CONSTRAINT direct_messages_height CHECK (((height >= 1) AND (height <= 20000))),
    CONSTRAINT direct_messages_image_url_storage_path CHECK (((image_url IS NULL) OR app_rules.is_storage_path(image_url))),
    CONSTRAINT direct_messages_kind CHECK ((kind = ANY (ARRAY['text'::text, 'photo'::text, 'post'::text, 'story_reply'::text, 'story_reaction'::text]))),
    CONSTRAINT direct_messages_placeholder_format CHECK ((placeholder ~ '^[A-Za-z0-9+/]{4,64}={0,2}$'::text)),
    CONSTRAINT direct_messages_thumb_url_storage_path CHECK (((thumb_url IS NULL) OR app_rules.is_storage_path(thumb_url))),
    CONSTRAINT direct_messages_width CHECK (((width >= 1) AND (width <= 20000)))
);

CREATE TABLE public.direct_participants (
    thread_id uuid NOT NULL,
    user_id uuid NOT NULL,
    state text DEFAULT 'accepted'::text NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    last_read_at timestamp with time zone,
    left_at timestamp with time zone,
    CONSTRAINT direct_participants_state CHECK ((state = ANY (ARRAY['accepted'::text, 'request'::text])))
);

CREATE TABLE public.direct_reactions (
    message_id uuid NOT NULL,
    user_id uuid NOT NULL,
    thread_id uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.direct_threads (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_by uuid NOT NULL,
    is_group boolean DEFAULT false NOT NULL,
    name text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_message_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT direct_threads_name_length CHECK (((char_length(name) >= 1) AND (char_length(name) <= 64)))
);

ALTER TABLE ONLY public.direct_messages
    ADD CONSTRAINT direct_messages_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.direct_participants
    ADD CONSTRAINT direct_participants_pkey PRIMARY KEY (thread_id, user_id);

ALTER TABLE ONLY public.direct_reactions
    ADD CONSTRAINT direct_reactions_pkey PRIMARY KEY (message_id, user_id);

ALTER TABLE ONLY public.direct_threads
    ADD CONSTRAINT direct_threads_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.direct_messages
    ADD CONSTRAINT direct_messages_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.direct_messages
    ADD CONSTRAINT direct_messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.direct_messages
    ADD CONSTRAINT direct_messages_story_id_fkey FOREIGN KEY (story_id) REFERENCES public.stories(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.direct_messages
    ADD CONSTRAINT direct_messages_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES public.direct_threads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.direct_participants
    ADD CONSTRAINT direct_participants_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES public.direct_threads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.direct_participants
    ADD CONSTRAINT direct_participants_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.direct_reactions
    ADD CONSTRAINT direct_reactions_message_id_fkey FOREIGN KEY (message_id) REFERENCES public.direct_messages(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.direct_reactions
    ADD CONSTRAINT direct_reactions_thread_id_fkey FOREIGN KEY (thread_id) REFERENCES public.direct_threads(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.direct_reactions
    ADD CONSTRAINT direct_reactions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.direct_threads
    ADD CONSTRAINT direct_threads_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX direct_messages_post_id_idx ON public.direct_messages USING btree (post_id);

CREATE INDEX direct_messages_sender_id_idx ON public.direct_messages USING btree (sender_id);

CREATE INDEX direct_messages_story_id_idx ON public.direct_messages USING btree (story_id);

CREATE INDEX direct_messages_thread_created_idx ON public.direct_messages USING btree (thread_id, created_at DESC, id DESC);

CREATE INDEX direct_participants_user_id_idx ON public.direct_participants USING btree (user_id);

CREATE INDEX direct_reactions_thread_id_idx ON public.direct_reactions USING btree (thread_id);

CREATE INDEX direct_reactions_user_id_idx ON public.direct_reactions USING btree (user_id);

CREATE INDEX direct_threads_created_by_idx ON public.direct_threads USING btree (created_by);

ALTER TABLE public.direct_messages ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.direct_participants ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.direct_reactions ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.direct_threads ENABLE ROW LEVEL SECURITY;

-- Functions

CREATE FUNCTION app_private.after_direct_message() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  update public.direct_threads set last_message_at = new.created_at where id = new.thread_id;
  update public.direct_participants p
  set left_at = null,
      state = app_rules.direct_entry(p.user_id, array[new.sender_id], new.sender_id)
  from public.direct_threads t
  where t.id = new.thread_id and not t.is_group
    and p.thread_id = new.thread_id and p.left_at is not null and p.user_id <> new.sender_id
    and app_rules.direct_entry(p.user_id, array[new.sender_id], new.sender_id)
        in ('accepted', 'request');
  return new;
end
$$;

CREATE FUNCTION app_private.check_direct_message() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  new.created_at := clock_timestamp();
  new.body := nullif(btrim(new.body), '');
  if new.kind = 'text' and new.body is null then
    raise exception 'A message needs some text' using errcode = '23514';
  elsif new.kind = 'photo' and (new.image_url is null or new.width is null or new.height is null) then
    raise exception 'A photo message needs its photo and size' using errcode = '23514';
  elsif new.kind = 'post' and new.post_id is null then
    raise exception 'A shared post message needs the post' using errcode = '23514';
  elsif new.kind in ('story_reply', 'story_reaction') and new.story_id is null then
    raise exception 'A story reply needs the story' using errcode = '23514';
  elsif new.kind = 'story_reaction' and char_length(coalesce(new.body, '')) > 16 then
    raise exception 'A story reaction is one emoji' using errcode = '23514';
  end if;
  if new.kind <> 'photo' and (new.image_url is not null or new.thumb_url is not null) then
    raise exception 'Only a photo message carries a photo' using errcode = '23514';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.fill_direct_reaction() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  select m.thread_id into new.thread_id
  from public.direct_messages m
  where m.id = new.message_id
    -- A signed-in caller finds only messages of their own threads; the service role all.
    and (auth.uid() is null or app_rules.is_direct_participant(m.thread_id));
  if new.thread_id is null then
    raise exception 'This message was unsent' using errcode = 'PT404';
  end if;
  new.created_at := now();
  return new;
end
$$;

CREATE FUNCTION app_private.guard_direct_participant() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  if old.state = 'accepted' then
    new.state := 'accepted';
  end if;
  -- least() and greatest() skip nulls, so an untouched (null) mark must stay as it was.
  if new.last_read_at is null then
    new.last_read_at := old.last_read_at;
  else
    new.last_read_at := greatest(old.last_read_at, least(new.last_read_at, now()));
  end if;
  if old.left_at is not null then
    new.left_at := old.left_at;
  elsif new.left_at is not null then
    new.left_at := now();
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.refuse_direct_entry(person uuid, entry text, several boolean) RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if entry = 'unavailable' then
    raise exception '%', case when several then 'One of these accounts isn''t available'
                              else 'This account isn''t available' end
      using errcode = 'PT404';
  elsif entry = 'refused' then
    raise exception 'You can''t add @% to this conversation',
      (select p.username from public.profiles p where p.id = person)
      using errcode = '42501';
  end if;
end
$$;

CREATE FUNCTION app_private.refuse_suspended_direct() RETURNS void
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if app_rules.caller_suspended() then
    raise exception 'Your account is suspended' using errcode = '42501',
      hint = 'A suspended account cannot write messages until a moderator lifts it.';
  end if;
end
$$;

CREATE FUNCTION app_rules.can_send_direct(thread uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.direct_participants me
    where me.thread_id = thread and me.user_id = auth.uid()
      and me.left_at is null and me.state = 'accepted'
  )
  and not exists (
    select 1
    from public.direct_participants other
    join public.direct_threads t on t.id = other.thread_id
    where other.thread_id = thread and other.user_id <> auth.uid()
      and (other.left_at is null or not t.is_group)
      and app_rules.direct_blocked_between(auth.uid(), other.user_id)
  )
$$;

CREATE FUNCTION app_rules.direct_blocked_between(a uuid, b uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (select 1 from public.blocks
                 where (blocker_id = a and blocked_id = b)
                    or (blocker_id = b and blocked_id = a))
$$;

CREATE FUNCTION app_rules.direct_entry(person uuid, members uuid[], brought_by uuid) RETURNS text
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select case
    when person is not distinct from brought_by then 'accepted'
    when person is null
      or not exists (select 1 from public.profiles p
                     where p.id = person and p.suspended_at is null)
      or app_rules.direct_blocked_between(person, brought_by) then 'unavailable'
    when exists (
      select 1 from public.blocks b
      where (b.blocker_id = person and b.blocked_id = any (members))
         or (b.blocked_id = person and b.blocker_id = any (members))
    ) then 'refused'
    when exists (select 1 from public.follows f
                 where f.follower_id = person and f.following_id = brought_by) then 'accepted'
    else 'request'
  end
$$;

COMMENT ON FUNCTION app_rules.direct_entry(person uuid, members uuid[], brought_by uuid) IS 'How `person` enters a thread whose members are `members`, brought in by `brought_by`: unavailable (answered as an unknown id), refused (a block with a member), accepted (they follow brought_by) or request.';

CREATE FUNCTION app_rules.is_direct_participant(thread uuid) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select exists (
    select 1 from public.direct_participants p
    where p.thread_id = thread and p.user_id = auth.uid() and p.left_at is null
  )
$$;

CREATE FUNCTION app_rules.is_direct_room_member(topic text) RETURNS boolean
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
  -- CASE, not AND: the uuid cast must only ever see a topic that has the shape.
  select case
    when topic ~ '^direct:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then app_rules.is_direct_participant(substring(topic from 8)::uuid)
    else false
  end
$_$;

CREATE FUNCTION public.add_direct_participants(thread uuid, user_ids uuid[]) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  members uuid[];
  newcomers uuid[];
  entry record;
begin
  if caller is null then
    raise exception 'Sign in to send messages' using errcode = '42501';
  end if;
  perform app_private.require_second_factor();
  perform app_private.refuse_suspended_direct();
  if not app_rules.can_send_direct(thread)
     or not exists (select 1 from public.direct_threads t where t.id = thread and t.is_group) then
    raise exception 'Only people in a group can add others to it' using errcode = '42501';
  end if;
  -- Serialises adds to one group, so two at once cannot both pass the cap or each other's blocks.
  perform 1 from public.direct_threads t where t.id = thread for update;
  select coalesce(array_agg(p.user_id), '{}') into members
  from public.direct_participants p where p.thread_id = thread and p.left_at is null;
  select coalesce(array_agg(distinct u), '{}') into newcomers
  from unnest(user_ids) as u where u is not null and not (u = any (members));
  if cardinality(newcomers) = 0 then
    return;
  end if;
  if cardinality(members) + cardinality(newcomers) > 32 then
    raise exception 'A group has at most 32 people' using errcode = '22023';
  end if;
  -- Each newcomer meets the members and the other newcomers (two who block each other cannot
  -- both come in); unavailable first, so a refusal never names someone next to an account the
  -- caller cannot see.
  members := members || newcomers;
  for entry in
    select u as person, app_rules.direct_entry(u, members, caller) as state
    from unnest(newcomers) as u
    order by app_rules.direct_entry(u, members, caller) <> 'unavailable', u
  loop
    perform app_private.refuse_direct_entry(entry.person, entry.state, cardinality(newcomers) > 1);
  end loop;
  insert into public.direct_participants (thread_id, user_id, state)
  select thread, u, app_rules.direct_entry(u, members, caller) from unnest(newcomers) as u
  on conflict (thread_id, user_id) do update
    set left_at = null, joined_at = now(), state = excluded.state;
end
$$;

CREATE FUNCTION public.direct_inbox(folder text DEFAULT 'inbox'::text, before timestamp with time zone DEFAULT NULL::timestamp with time zone, page_size integer DEFAULT 30) RETURNS TABLE(id uuid, name text, is_group boolean, last_message_at timestamp with time zone, state text, last_read_at timestamp with time zone, unread boolean, people jsonb, last_message jsonb)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select t.id, t.name, t.is_group, t.last_message_at, me.state, me.last_read_at,
         coalesce(lm.sender_id <> me.user_id
                  and lm.created_at > coalesce(me.last_read_at, '-infinity'), false) as unread,
         coalesce((
           select jsonb_agg(jsonb_build_object('id', pr.id, 'username', pr.username,
                                               'full_name', pr.full_name,
                                               'avatar_url', pr.avatar_url,
                                               'last_read_at', o.last_read_at)
                            order by o.joined_at, pr.id)
           from public.direct_participants o
           join public.profiles pr on pr.id = o.user_id
           where o.thread_id = t.id and o.user_id <> me.user_id and o.left_at is null
         ), '[]'::jsonb) as people,
         case when lm.id is null then null
              else jsonb_build_object('id', lm.id, 'sender_id', lm.sender_id, 'kind', lm.kind,
                                      'body', lm.body, 'created_at', lm.created_at) end
  from public.direct_participants me
  join public.direct_threads t on t.id = me.thread_id
  left join lateral (
    select m.* from public.direct_messages m
    where m.thread_id = t.id
    order by m.created_at desc, m.id desc
    limit 1
  ) lm on true
  where me.user_id = (select auth.uid()) and me.left_at is null
    and me.state = case when folder = 'requests' then 'request' else 'accepted' end
    and (before is null or t.last_message_at < before)
    -- A request shows once it has a message; a thread the caller started shows at once.
    and (me.state = 'accepted' or lm.id is not null)
    -- A one-to-one thread with someone blocked (either way) is hidden.
    and (t.is_group or not exists (
      select 1 from public.direct_participants o
      where o.thread_id = t.id and o.user_id <> me.user_id
        and app_rules.direct_blocked_between(me.user_id, o.user_id)
    ))
  order by t.last_message_at desc, t.id desc
  limit least(greatest(coalesce(page_size, 30), 1), 100)
$$;

CREATE FUNCTION public.direct_unread_count() RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select count(*)::integer
  from public.direct_participants me
  where me.user_id = (select auth.uid()) and me.left_at is null and me.state = 'accepted'
    and exists (
      select 1 from public.direct_messages m
      where m.thread_id = me.thread_id and m.sender_id <> me.user_id
        and m.created_at > coalesce(me.last_read_at, '-infinity')
    )
$$;

CREATE FUNCTION public.start_direct_thread(recipient_ids uuid[], thread_name text DEFAULT NULL::text, new_thread_id uuid DEFAULT NULL::uuid) RETURNS uuid
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  caller uuid := auth.uid();
  recipients uuid[];
  members uuid[];
  found_id uuid;
  group_thread boolean;
  entry record;
begin
  if caller is null then
    raise exception 'Sign in to send messages' using errcode = '42501';
  end if;
  perform app_private.require_second_factor();
  perform app_private.refuse_suspended_direct();
  select coalesce(array_agg(distinct r), '{}') into recipients
  from unnest(recipient_ids) as r where r is not null and r <> caller;
  if cardinality(recipients) not between 1 and 31 then
    raise exception 'A conversation has from 2 to 32 people' using errcode = '22023';
  end if;
  members := recipients || caller;
  -- Unavailable first, so a refusal never names someone next to an account the caller cannot see.
  for entry in
    select r as person, app_rules.direct_entry(r, members, caller) as state
    from unnest(recipients) as r
    order by app_rules.direct_entry(r, members, caller) <> 'unavailable', r
  loop
    perform app_private.refuse_direct_entry(entry.person, entry.state, cardinality(recipients) > 1);
  end loop;
  thread_name := nullif(btrim(thread_name), '');
  group_thread := cardinality(recipients) > 1 or thread_name is not null;

  if new_thread_id is not null then
    select t.id into found_id from public.direct_threads t where t.id = new_thread_id;
    if found then
      if exists (select 1 from public.direct_participants p
                 where p.thread_id = found_id and p.user_id = caller) then
        return found_id;
      end if;
      raise exception 'This thread id is already taken' using errcode = '23505';
    end if;
  end if;

  if not group_thread then
    select t.id into found_id
    from public.direct_threads t
    join public.direct_participants a on a.thread_id = t.id and a.user_id = caller
    join public.direct_participants b on b.thread_id = t.id and b.user_id = recipients[1]
    where not t.is_group
    limit 1;
    if found then
      update public.direct_participants set left_at = null
      where thread_id = found_id and user_id = caller;
      return found_id;
    end if;
  end if;

  insert into public.direct_threads (id, created_by, is_group, name)
  values (coalesce(new_thread_id, gen_random_uuid()), caller, group_thread, thread_name)
  returning id into found_id;
  insert into public.direct_participants (thread_id, user_id, state)
  select found_id, caller, 'accepted'
  union all
  select found_id, r, app_rules.direct_entry(r, members, caller)
  from unnest(recipients) as r;
  return found_id;
end
$$;

-- Triggers

CREATE TRIGGER after_direct_message_inserted AFTER INSERT ON public.direct_messages FOR EACH ROW EXECUTE FUNCTION app_private.after_direct_message();

CREATE TRIGGER before_direct_message_inserted BEFORE INSERT ON public.direct_messages FOR EACH ROW EXECUTE FUNCTION app_private.check_direct_message();

CREATE TRIGGER before_direct_participant_updated BEFORE UPDATE ON public.direct_participants FOR EACH ROW EXECUTE FUNCTION app_private.guard_direct_participant();

CREATE TRIGGER before_direct_reaction_inserted BEFORE INSERT ON public.direct_reactions FOR EACH ROW EXECUTE FUNCTION app_private.fill_direct_reaction();

CREATE TRIGGER keep_photo_paths BEFORE INSERT OR UPDATE OF image_url, thumb_url ON public.direct_messages FOR EACH ROW EXECUTE FUNCTION app_private.keep_photo_paths();

-- Row-level security policies

CREATE POLICY "Accepted participants send as themselves" ON public.direct_messages FOR INSERT TO authenticated WITH CHECK (((sender_id = ( SELECT auth.uid() AS uid)) AND app_rules.can_send_direct(thread_id) AND ((image_url IS NULL) OR public.is_own_storage_url(image_url, 'direct'::text, ( SELECT auth.uid() AS uid))) AND ((thumb_url IS NULL) OR public.is_own_storage_url(thumb_url, 'direct'::text, ( SELECT auth.uid() AS uid))) AND ((post_id IS NULL) OR (EXISTS ( SELECT 1
   FROM public.posts p
  WHERE (p.id = direct_messages.post_id)))) AND ((story_id IS NULL) OR (EXISTS ( SELECT 1
   FROM (public.stories s
     JOIN public.direct_participants dp ON (((dp.thread_id = direct_messages.thread_id) AND (dp.user_id = s.user_id))))
  WHERE (s.id = direct_messages.story_id))))));

CREATE POLICY "Participants change their own reading state" ON public.direct_participants FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Participants heart messages as themselves" ON public.direct_reactions FOR INSERT TO authenticated WITH CHECK (((user_id = ( SELECT auth.uid() AS uid)) AND app_rules.is_direct_participant(thread_id)));

CREATE POLICY "Participants read their threads' messages" ON public.direct_messages FOR SELECT TO authenticated USING (app_rules.is_direct_participant(thread_id));

CREATE POLICY "Participants rename their group" ON public.direct_threads FOR UPDATE TO authenticated USING ((is_group AND app_rules.is_direct_participant(id))) WITH CHECK (is_group);

CREATE POLICY "Participants see hearts in their threads" ON public.direct_reactions FOR SELECT TO authenticated USING (app_rules.is_direct_participant(thread_id));

CREATE POLICY "Participants see their threads" ON public.direct_threads FOR SELECT TO authenticated USING (app_rules.is_direct_participant(id));

CREATE POLICY "Participants see who is in their threads" ON public.direct_participants FOR SELECT TO authenticated USING (app_rules.is_direct_participant(thread_id));

CREATE POLICY "Participants take back their own hearts" ON public.direct_reactions FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Second factor required once enrolled" ON public.direct_messages AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.direct_participants AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.direct_reactions AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.direct_threads AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Senders unsend their own messages" ON public.direct_messages FOR DELETE TO authenticated USING (((sender_id = ( SELECT auth.uid() AS uid)) AND app_rules.is_direct_participant(thread_id)));

CREATE POLICY "Suspended accounts add nothing" ON public.direct_messages AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.direct_reactions AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.direct_participants AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.direct_threads AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.direct_messages AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.direct_reactions AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

-- ==============================================================================================
-- Notifications and activity
-- Notifications made by triggers, and the activity page.
-- ==============================================================================================

-- Tables

CREATE TABLE public.notifications (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    recipient_id uuid NOT NULL,
    actor_id uuid NOT NULL,
    type text NOT NULL,
    post_id uuid,
    comment_id uuid,
    read_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT notifications_not_self CHECK ((recipient_id <> actor_id)),
    CONSTRAINT notifications_post_matches_type CHECK (((type = ANY (ARRAY['follow'::text, 'follow_request'::text])) = (post_id IS NULL))),
    CONSTRAINT notifications_type_valid CHECK ((type = ANY (ARRAY['like'::text, 'comment'::text, 'reply'::text, 'mention'::text, 'follow'::text, 'comment_like'::text, 'follow_request'::text, 'tag'::text])))
);

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_post_id_fkey FOREIGN KEY (post_id) REFERENCES public.posts(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

-- Indexes

CREATE INDEX notifications_actor_id_idx ON public.notifications USING btree (actor_id);

CREATE INDEX notifications_comment_id_idx ON public.notifications USING btree (comment_id);

CREATE INDEX notifications_post_id_idx ON public.notifications USING btree (post_id);

CREATE INDEX notifications_recipient_created_idx ON public.notifications USING btree (recipient_id, created_at DESC, id DESC);

CREATE INDEX notifications_unread_dedupe_idx ON public.notifications USING btree (recipient_id, actor_id, type) WHERE (read_at IS NULL);

ALTER TABLE public.notifications ENABLE ROW LEVEL SECURITY;

-- Functions

CREATE FUNCTION app_private.notify(recipient uuid, actor uuid, kind text, post_id uuid, comment_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if recipient is null or actor is null or recipient = actor then
    return;
  end if;
  if exists (
    select 1 from public.blocks b
    where (b.blocker_id = recipient and b.blocked_id = actor)
       or (b.blocker_id = actor and b.blocked_id = recipient)
  ) then
    return;
  end if;
  if exists (
    select 1 from public.notifications n
    where n.recipient_id = recipient and n.actor_id = actor and n.type = kind
      and n.post_id is not distinct from notify.post_id
      and n.comment_id is not distinct from notify.comment_id
      and n.read_at is null
  ) then
    return;
  end if;
  insert into public.notifications (recipient_id, actor_id, type, post_id, comment_id)
  values (recipient, actor, kind, notify.post_id, notify.comment_id);
end
$$;

CREATE FUNCTION app_private.notify_comment() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  told uuid;
  mentioned record;
begin
  if new.parent_id is null then
    select p.user_id into told from public.posts p where p.id = new.post_id;
    perform app_private.notify(told, new.user_id, 'comment', new.post_id, new.id);
  else
    select c.user_id into told from public.comments c where c.id = new.parent_id;
    perform app_private.notify(told, new.user_id, 'reply', new.post_id, new.id);
  end if;
  -- Someone already told about this comment is not told twice, nor someone with an unread
  -- mention by the same person on the same post; unknown names notify nobody.
  for mentioned in
    select pr.id
    from app_private.mentioned_usernames(new.body) as name
    join public.profiles pr on pr.username = name
    where pr.id is distinct from told
      and not exists (
        select 1 from public.notifications n
        where n.recipient_id = pr.id and n.actor_id = new.user_id and n.type = 'mention'
          and n.post_id = new.post_id and n.read_at is null
      )
  loop
    perform app_private.notify(mentioned.id, new.user_id, 'mention', new.post_id, new.id);
  end loop;
  return new;
end
$$;

CREATE FUNCTION app_private.notify_comment_like() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changed public.comment_likes := case when tg_op = 'DELETE' then old else new end;
  liked_comment record;
begin
  -- When the comment is being deleted it is not found: its unread notifications are taken
  -- back by comment id (app_private.unnotify_comment).
  select c.user_id, c.post_id into liked_comment
  from public.comments c where c.id = changed.comment_id;
  if found then
    perform app_private.sync_notification(
      tg_op, liked_comment.user_id, changed.user_id, 'comment_like', liked_comment.post_id,
      changed.comment_id
    );
  end if;
  return null;
end
$$;

CREATE FUNCTION app_private.notify_follow() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changed public.follows := case when tg_op = 'DELETE' then old else new end;
begin
  perform app_private.sync_notification(
    tg_op, changed.following_id, changed.follower_id, 'follow', null, null
  );
  return null;
end
$$;

CREATE FUNCTION app_private.notify_follow_request() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changed public.follow_requests := case when tg_op = 'DELETE' then old else new end;
begin
  perform app_private.sync_notification(
    tg_op, changed.target_id, changed.requester_id, 'follow_request', null, null
  );
  return null;
end
$$;

CREATE FUNCTION app_private.notify_like() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changed public.likes := case when tg_op = 'DELETE' then old else new end;
begin
  -- When the post itself is being deleted its author is not found, so nothing is taken back
  -- here: its notifications go with it (on delete cascade).
  perform app_private.sync_notification(
    tg_op,
    (select p.user_id from public.posts p where p.id = changed.post_id),
    changed.user_id,
    'like',
    changed.post_id,
    null
  );
  return null;
end
$$;

CREATE FUNCTION app_private.notify_people_tag() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  changed public.post_people_tags := case when tg_op = 'DELETE' then old else new end;
begin
  -- A person tagged on several photos of one post is told once (notify skips an unread
  -- duplicate); removing one of those tags keeps the notice while another remains.
  if tg_op = 'DELETE' and exists (
    select 1 from public.post_people_tags t
    where t.post_id = changed.post_id and t.user_id = changed.user_id
  ) then
    return null;
  end if;
  perform app_private.sync_notification(
    tg_op,
    changed.user_id,
    (select p.user_id from public.posts p where p.id = changed.post_id),
    'tag',
    changed.post_id,
    null
  );
  return null;
end
$$;

CREATE FUNCTION app_private.sync_notification(op text, recipient uuid, actor uuid, kind text, post_id uuid, comment_id uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if op = 'INSERT' then
    perform app_private.notify(recipient, actor, kind, post_id, comment_id);
  elsif op = 'DELETE' then
    perform app_private.unnotify(recipient, actor, kind, post_id, comment_id);
  end if;
end
$$;

CREATE FUNCTION app_private.unnotify(recipient uuid, actor uuid, kind text, post_id uuid, comment_id uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  delete from public.notifications n
  where n.recipient_id = recipient and n.actor_id = actor and n.type = kind
    and n.post_id is not distinct from unnotify.post_id
    and n.comment_id is not distinct from unnotify.comment_id
    and n.read_at is null
$$;

CREATE FUNCTION app_private.unnotify_comment() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  -- By comment id (indexed): whoever was told, whatever the kind.
  delete from public.notifications n where n.comment_id = old.id and n.read_at is null;
  return old;
end
$$;

CREATE FUNCTION public.activity_page(before_latest_at timestamp with time zone DEFAULT NULL::timestamp with time zone, before_group_key text DEFAULT NULL::text, page_size integer DEFAULT 20) RETURNS TABLE(group_key text, type text, post_id uuid, comment_id uuid, comment_body text, latest_at timestamp with time zone, actor_count integer, unread_count integer, actors jsonb, post_image_url text, post_thumb_url text)
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  with grouped as (
    select n.type || ':' || coalesce(n.post_id::text, '')
             || coalesce(':' || (case when n.type = 'comment_like' then n.comment_id end)::text, '')
             as group_key,
           n.type,
           n.post_id,
           (array_agg(n.comment_id order by n.created_at desc, n.id desc))[1] as comment_id,
           max(n.created_at) as latest_at,
           count(distinct n.actor_id)::integer as actor_count,
           count(*) filter (where n.read_at is null)::integer as unread_count,
           (array_agg(n.actor_id order by n.created_at desc, n.id desc))[1:3] as recent_actors
    from public.notifications n
    where n.recipient_id = (select auth.uid())
    group by n.type, n.post_id, (case when n.type = 'comment_like' then n.comment_id end)
  )
  select g.group_key, g.type, g.post_id, g.comment_id, c.body, g.latest_at, g.actor_count,
         g.unread_count,
         coalesce((
           select jsonb_agg(jsonb_build_object('id', pr.id, 'username', pr.username,
                                               'full_name', pr.full_name,
                                               'avatar_url', pr.avatar_url)
                            order by a.ord)
           from (select distinct on (x.actor) x.actor, x.ord
                 from unnest(g.recent_actors) with ordinality as x(actor, ord)
                 order by x.actor, x.ord) a
           join public.profiles pr on pr.id = a.actor
         ), '[]'::jsonb) as actors,
         p.image_url, p.thumb_url
  from grouped g
  left join public.posts p on p.id = g.post_id
  -- Read as the caller: a comment they may not see is not quoted.
  left join public.comments c on c.id = g.comment_id
  where before_latest_at is null
     or (g.latest_at, g.group_key) < (before_latest_at, coalesce(before_group_key, ''))
  order by g.latest_at desc, g.group_key desc
  limit least(greatest(coalesce(page_size, 20), 1), 100)
$$;

CREATE FUNCTION public.mark_activity_read(up_to timestamp with time zone DEFAULT NULL::timestamp with time zone) RETURNS integer
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  with changed as (
    update public.notifications n
    set read_at = now()
    where n.recipient_id = (select auth.uid())
      and n.read_at is null
      and n.created_at <= coalesce(up_to, 'infinity'::timestamptz)
    returning 1
  )
  select count(*)::integer from changed
$$;

-- Row-level security policies

CREATE POLICY "Activity caused by suspended accounts hidden" ON public.notifications AS RESTRICTIVE FOR SELECT TO authenticated USING ((NOT (actor_id = ANY (( SELECT app_rules.suspended_people_hidden() AS suspended_people_hidden)::uuid[]))));

CREATE POLICY "Activity hidden across a block" ON public.notifications AS RESTRICTIVE FOR SELECT TO authenticated USING ((NOT (actor_id = ANY (( SELECT app_rules.block_partners() AS block_partners)::uuid[]))));

CREATE POLICY "Recipients mark their notifications read" ON public.notifications FOR UPDATE TO authenticated USING ((recipient_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((recipient_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Recipients read their notifications" ON public.notifications FOR SELECT TO authenticated USING ((recipient_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Second factor required once enrolled" ON public.notifications AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Suspended accounts change nothing" ON public.notifications AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

-- Triggers and policies on earlier sections' tables that call this section's functions

CREATE TRIGGER on_comment_like_notify AFTER INSERT OR DELETE ON public.comment_likes FOR EACH ROW EXECUTE FUNCTION app_private.notify_comment_like();

CREATE TRIGGER on_comment_notify AFTER INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION app_private.notify_comment();

CREATE TRIGGER on_comment_unnotify AFTER DELETE ON public.comments FOR EACH ROW EXECUTE FUNCTION app_private.unnotify_comment();

CREATE TRIGGER on_follow_notify AFTER INSERT OR DELETE ON public.follows FOR EACH ROW EXECUTE FUNCTION app_private.notify_follow();

CREATE TRIGGER on_follow_request_notify AFTER INSERT OR DELETE ON public.follow_requests FOR EACH ROW EXECUTE FUNCTION app_private.notify_follow_request();

CREATE TRIGGER on_like_notify AFTER INSERT OR DELETE ON public.likes FOR EACH ROW EXECUTE FUNCTION app_private.notify_like();

CREATE TRIGGER on_people_tag_notify AFTER INSERT OR DELETE ON public.post_people_tags FOR EACH ROW EXECUTE FUNCTION app_private.notify_people_tag();

-- ==============================================================================================
-- Content controls
-- Who may comment, hidden words and the offensive-words filter.
-- ==============================================================================================

-- Tables

CREATE TABLE app_rules.comment_word_matchers (
    author_id uuid NOT NULL,
    tokens jsonb NOT NULL,
    loose text[] NOT NULL
);

CREATE TABLE public.content_settings (
    user_id uuid DEFAULT auth.uid() NOT NULL,
    show_sensitive_media boolean DEFAULT false NOT NULL,
    hide_like_counts boolean DEFAULT false NOT NULL,
    hide_offensive_comments boolean DEFAULT false NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.word_filters (
    user_id uuid DEFAULT auth.uid() NOT NULL,
    kind text NOT NULL,
    word text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT word_filters_kind CHECK ((kind = ANY (ARRAY['mute'::text, 'hide_comments'::text]))),
    CONSTRAINT word_filters_word_format CHECK (((word = lower(btrim(word))) AND ((char_length(word) >= 1) AND (char_length(word) <= 100))))
);

ALTER TABLE ONLY app_rules.comment_word_matchers
    ADD CONSTRAINT comment_word_matchers_pkey PRIMARY KEY (author_id);

ALTER TABLE ONLY public.content_settings
    ADD CONSTRAINT content_settings_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.word_filters
    ADD CONSTRAINT word_filters_pkey PRIMARY KEY (user_id, kind, word);

ALTER TABLE ONLY app_rules.comment_word_matchers
    ADD CONSTRAINT comment_word_matchers_author_id_fkey FOREIGN KEY (author_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.content_settings
    ADD CONSTRAINT content_settings_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.word_filters
    ADD CONSTRAINT word_filters_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.profiles(id) ON DELETE CASCADE;

ALTER TABLE public.content_settings ENABLE ROW LEVEL SECURITY;

ALTER TABLE public.word_filters ENABLE ROW LEVEL SECURITY;

COMMENT ON TABLE app_rules.comment_word_matchers IS 'Per person with hidden words: their words as whole-word keys (tokens) and word-less ones (loose), kept by triggers on word_filters and content_settings; read by app_rules.comment_hidden_by_words.';

-- Functions

CREATE FUNCTION app_private.check_comment_controls() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if exists (select 1 from public.posts p where p.id = new.post_id and p.comments_disabled) then
    raise exception 'Commenting is turned off for this post' using errcode = '42501';
  end if;
  return new;
end
$$;

CREATE FUNCTION app_private.comment_hiding_words(author uuid) RETURNS text[]
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select coalesce(array_agg(f.word), '{}')
    || case
         when exists (select 1 from public.content_settings s
                      where s.user_id = author and s.hide_offensive_comments)
         then app_private.offensive_words()
         else '{}'::text[]
       end
  from public.word_filters f
  where f.user_id = author and f.kind = 'hide_comments'
$$;

CREATE FUNCTION app_private.lock_word_lists(person uuid) RETURNS void
    LANGUAGE sql SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select from public.profiles p where p.id = person for no key update
$$;

CREATE FUNCTION app_private.offensive_filter_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  if tg_op = 'INSERT' and not new.hide_offensive_comments then
    return null;
  end if;
  if tg_op = 'UPDATE' and old.hide_offensive_comments is not distinct from new.hide_offensive_comments then
    return null;
  end if;
  perform app_private.lock_word_lists(new.user_id);
  perform app_private.refresh_comment_word_matcher(new.user_id);
  return null;
end
$$;

CREATE FUNCTION app_private.offensive_words() RETURNS text[]
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  select array['idiot', 'stupid', 'moron', 'loser', 'retard', 'retarded', 'dumbass', 'bitch',
               'bastard', 'asshole', 'fuck you', 'kill yourself', 'kys', 'ugly', 'fat pig',
               'whore', 'slut', 'scum', 'trash', 'hate you']
$$;

CREATE FUNCTION app_private.refresh_comment_word_matcher(author uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  words text[] := app_private.comment_hiding_words(author);
begin
  if cardinality(words) = 0 then
    delete from app_rules.comment_word_matchers m where m.author_id = author;
    return;
  end if;
  with listed as (
    select distinct w from unnest(words) w
  ),
  whole as (
    select w from listed where w ~ '^[[:alnum:]_]+$'
  ),
  -- Each other word under its longest run (null: it has none).
  keyed as (
    select l.w,
           (select r from unnest(app_private.word_runs(l.w)) r
            where r <> '' order by char_length(r) desc, r limit 1) as run
    from listed l
    where l.w !~ '^[[:alnum:]_]+$'
  )
  insert into app_rules.comment_word_matchers as m (author_id, tokens, loose)
  select author,
         coalesce((select jsonb_object_agg(k.run, k.value) from (
           -- A whole word matches by itself, whatever other words share its run.
           select w as run, 'true'::jsonb as value from whole
           union all
           select run, jsonb_agg(w order by w)
           from keyed
           where run is not null and run not in (select w from whole)
           group by run
         ) k), '{}'::jsonb),
         coalesce((select array_agg(w order by w) from keyed where run is null), '{}'::text[])
  on conflict (author_id) do update set tokens = excluded.tokens, loose = excluded.loose;
end
$_$;

CREATE FUNCTION app_private.word_filters_changed() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  people uuid[];
  hiding uuid[];
  person uuid;
begin
  -- Each event names only the transition tables it has, so each reads its own.
  if tg_op = 'INSERT' then
    select array_agg(distinct w.user_id),
           array_agg(distinct w.user_id) filter (where w.kind = 'hide_comments')
      into people, hiding
    from changed_words w;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct w.user_id),
           array_agg(distinct w.user_id) filter (where w.kind = 'hide_comments')
      into people, hiding
    from earlier_words w;
  else
    select array_agg(distinct w.user_id),
           array_agg(distinct w.user_id) filter (where w.kind = 'hide_comments')
      into people, hiding
    from (select user_id, kind from changed_words
          union all
          select user_id, kind from earlier_words) w;
  end if;
  foreach person in array coalesce(people, '{}') loop
    perform app_private.lock_word_lists(person);
    if tg_op <> 'DELETE' and exists (
      select 1 from public.word_filters f
      where f.user_id = person
      group by f.kind
      having count(*) > 500
    ) then
      raise exception 'A word list holds at most 500 words' using errcode = '23514';
    end if;
    if person = any (hiding) then
      perform app_private.refresh_comment_word_matcher(person);
    end if;
  end loop;
  return null;
end
$$;

CREATE FUNCTION app_private.word_runs(body text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $$
  select regexp_split_to_array(lower(body), '[^[:alnum:]_]+')
$$;

CREATE FUNCTION app_rules.comment_hidden_by_words(post uuid, writer uuid, body text, to_post_author boolean) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  author uuid;
  tokens jsonb;
  loose text[];
  runs text[];
  run text;
  word text;
begin
  select p.user_id, m.tokens, m.loose into author, tokens, loose
  from public.posts p
  join app_rules.comment_word_matchers m on m.author_id = p.user_id
  where p.id = post;
  if author is null or author = writer
     or coalesce(author = auth.uid(), false) <> to_post_author then
    return false;
  end if;
  runs := regexp_split_to_array(lower(body), '[^[:alnum:]_]+');
  if tokens ?| runs then
    foreach run in array runs loop
      if tokens -> run = 'true'::jsonb then
        return true;
      end if;
      if jsonb_typeof(tokens -> run) = 'array' then
        foreach word in array array(select jsonb_array_elements_text(tokens -> run)) loop
          if app_rules.text_has_word(body, word) then
            return true;
          end if;
        end loop;
      end if;
    end loop;
  end if;
  foreach word in array loose loop
    if strpos(lower(body), word) > 0 and app_rules.text_has_word(body, word) then
      return true;
    end if;
  end loop;
  return false;
end
$$;

CREATE FUNCTION app_rules.text_has_word(body text, word text) RETURNS boolean
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    SET search_path TO ''
    AS $_$
  select lower(body) ~ ('(^|[^[:alnum:]_])'
                        || regexp_replace(lower(word), '([^[:alnum:]_])', '\\\1', 'g')
                        || '($|[^[:alnum:]_])')
$_$;

CREATE FUNCTION public.hidden(comment public.comments) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  select app_rules.comment_hidden_by_words(comment.post_id, comment.user_id, comment.body, true)
$$;

COMMENT ON FUNCTION public.hidden(comment public.comments) IS 'Whether the comment matches the hidden words of its post''s author: true only when the author asks.';

-- Triggers

CREATE TRIGGER on_offensive_filter_changed AFTER INSERT OR UPDATE OF hide_offensive_comments ON public.content_settings FOR EACH ROW EXECUTE FUNCTION app_private.offensive_filter_changed();

CREATE TRIGGER on_words_added AFTER INSERT ON public.word_filters REFERENCING NEW TABLE AS changed_words FOR EACH STATEMENT EXECUTE FUNCTION app_private.word_filters_changed();

CREATE TRIGGER on_words_changed AFTER UPDATE ON public.word_filters REFERENCING OLD TABLE AS earlier_words NEW TABLE AS changed_words FOR EACH STATEMENT EXECUTE FUNCTION app_private.word_filters_changed();

CREATE TRIGGER on_words_removed AFTER DELETE ON public.word_filters REFERENCING OLD TABLE AS earlier_words FOR EACH STATEMENT EXECUTE FUNCTION app_private.word_filters_changed();

-- Row-level security policies

CREATE POLICY "Second factor required once enrolled" ON public.content_settings AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON public.word_filters AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Suspended accounts add nothing" ON public.content_settings AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts add nothing" ON public.word_filters AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON public.content_settings AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON public.word_filters AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Users add their own word filters" ON public.word_filters FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users change their own content settings" ON public.content_settings FOR UPDATE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid))) WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users create their own content settings" ON public.content_settings FOR INSERT TO authenticated WITH CHECK ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users read their own content settings" ON public.content_settings FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users read their own word filters" ON public.word_filters FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

CREATE POLICY "Users remove their own word filters" ON public.word_filters FOR DELETE TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

-- Triggers and policies on earlier sections' tables that call this section's functions

CREATE TRIGGER before_comment_checked_controls BEFORE INSERT ON public.comments FOR EACH ROW EXECUTE FUNCTION app_private.check_comment_controls();

CREATE POLICY "Comments hidden by the post author's words" ON public.comments AS RESTRICTIVE FOR SELECT TO anon, authenticated USING (((user_id = ( SELECT auth.uid() AS uid)) OR (NOT (EXISTS ( SELECT 1
   FROM (public.posts p
     JOIN app_rules.comment_word_matchers m ON ((m.author_id = p.user_id)))
  WHERE (p.id = comments.post_id)))) OR (NOT app_rules.comment_hidden_by_words(post_id, user_id, body, false))));

-- ==============================================================================================
-- Storage: the images bucket, who may upload where, and removals
-- Deleting a row that names a photo queues its object for removal once no row names it.
-- ==============================================================================================

-- The images bucket: public, photos only, 10 MB each.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('images', 'images', true, 10485760,
        array['image/jpeg', 'image/png', 'image/gif', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Tables

CREATE TABLE app_private.storage_removals (
    id bigint NOT NULL,
    bucket_id text NOT NULL,
    name text NOT NULL,
    queued_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE app_private.storage_removals ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME app_private.storage_removals_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

ALTER TABLE ONLY app_private.storage_removals
    ADD CONSTRAINT storage_removals_pkey PRIMARY KEY (id);

COMMENT ON TABLE app_private.storage_removals IS 'Storage objects whose rows were deleted; drained through public.take_storage_removals.';

-- Functions

CREATE FUNCTION app_private.queue_removed_photos() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $_$
begin
  insert into app_private.storage_removals (bucket_id, name)
  select split_part(p.path, '/', 1), substr(p.path, strpos(p.path, '/') + 1)
  from (
    select substring(app_rules.storage_path(u.url) from '^/storage/v1/object/public/(.+)$') as path
    from removed r
    cross join lateral (values (r.image_url), (r.thumb_url)) as u(url)
  ) p
  where p.path is not null;
  if found then
    perform pg_notify('storage_removals', '');
  end if;
  return null;
end
$_$;

CREATE FUNCTION app_private.storage_object_referenced(bucket text, object_name text) RETURNS boolean
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
declare
  owner_text text := split_part(object_name, '/', 2);
  suffix text := '/storage/v1/object/public/' || bucket || '/' || object_name;
  owner uuid;
begin
  if owner_text !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return true;
  end if;
  owner := owner_text::uuid;
  return exists (
           select 1 from public.posts p
           where p.user_id = owner
             and (right(p.image_url, char_length(suffix)) = suffix
                  or right(p.thumb_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.post_images i
           join public.posts p on p.id = i.post_id
           where p.user_id = owner
             and (right(i.image_url, char_length(suffix)) = suffix
                  or right(i.thumb_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.stories s
           where s.user_id = owner
             and (right(s.image_url, char_length(suffix)) = suffix
                  or right(s.thumb_url, char_length(suffix)) = suffix))
      or exists (
           select 1 from public.profiles f
           where f.id = owner and right(f.avatar_url, char_length(suffix)) = suffix);
end
$_$;

CREATE FUNCTION public.take_storage_removals(max_count integer DEFAULT 100) RETURNS TABLE(bucket_id text, name text, still_referenced boolean)
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
begin
  return query
  with taken as (
    delete from app_private.storage_removals q
    where q.id in (
      select r.id from app_private.storage_removals r
      order by r.id
      limit greatest(1, least(max_count, 1000))
      for update skip locked
    )
    returning q.bucket_id, q.name
  )
  select distinct t.bucket_id, t.name,
         app_private.storage_object_referenced(t.bucket_id, t.name)
  from taken t;
end
$$;

COMMENT ON FUNCTION public.take_storage_removals(max_count integer) IS 'Takes up to max_count (at most 1000) queued object paths whose rows were deleted; remove those not still_referenced through the Storage API. Service role only.';

-- Row-level security policies

CREATE POLICY "Second factor required once enrolled" ON storage.buckets AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Second factor required once enrolled" ON storage.objects AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied));

CREATE POLICY "Suspended accounts add nothing" ON storage.objects AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts change nothing" ON storage.objects AS RESTRICTIVE FOR UPDATE TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Suspended accounts remove nothing" ON storage.objects AS RESTRICTIVE FOR DELETE TO authenticated USING (( SELECT app_rules.caller_may_write() AS caller_may_write));

CREATE POLICY "Users delete their own images" ON storage.objects FOR DELETE TO authenticated USING (((bucket_id = 'images'::text) AND (owner_id = ( SELECT (auth.uid())::text AS uid))));

CREATE POLICY "Users see their own images" ON storage.objects FOR SELECT TO authenticated USING (((bucket_id = 'images'::text) AND (owner_id = ( SELECT (auth.uid())::text AS uid))));

CREATE POLICY "Users upload avatars into their own avatars folder" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'images'::text) AND ((storage.foldername(name))[1] = 'avatars'::text) AND ((storage.foldername(name))[2] = ( SELECT (auth.uid())::text AS uid))));

CREATE POLICY "Users upload images into their own posts folder" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'images'::text) AND ((storage.foldername(name))[1] = 'posts'::text) AND ((storage.foldername(name))[2] = ( SELECT (auth.uid())::text AS uid))));

CREATE POLICY "Users upload message photos into their own direct folder" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'images'::text) AND ((storage.foldername(name))[1] = 'direct'::text) AND ((storage.foldername(name))[2] = ( SELECT (auth.uid())::text AS uid))));

CREATE POLICY "Users upload story photos into their own stories folder" ON storage.objects FOR INSERT TO authenticated WITH CHECK (((bucket_id = 'images'::text) AND ((storage.foldername(name))[1] = 'stories'::text) AND ((storage.foldername(name))[2] = ( SELECT (auth.uid())::text AS uid))));

-- Triggers and policies on earlier sections' tables that call this section's functions

CREATE TRIGGER on_post_images_deleted_queue_photos AFTER DELETE ON public.post_images REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION app_private.queue_removed_photos();

CREATE TRIGGER on_posts_deleted_queue_photos AFTER DELETE ON public.posts REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION app_private.queue_removed_photos();

CREATE TRIGGER on_stories_deleted_queue_photos AFTER DELETE ON public.stories REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION app_private.queue_removed_photos();

-- ==============================================================================================
-- Realtime
-- The tables whose changes stream to clients, and who may use a direct thread's room
-- (realtime.messages exists on hosted Supabase; the policies are made only where it does).
-- ==============================================================================================

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
alter publication supabase_realtime add table
  public.comments,
  public.direct_messages,
  public.direct_participants,
  public.direct_reactions,
  public.direct_threads,
  public.follow_requests,
  public.follows,
  public.likes,
  public.notifications,
  public.posts,
  public.profiles;

do $$
begin
  if to_regclass('realtime.messages') is null then
    return;
  end if;
  execute $policy$
    CREATE POLICY "Participants join their thread's room" ON realtime.messages FOR SELECT TO authenticated USING (app_rules.is_direct_room_member(( SELECT realtime.topic() AS topic)))
  $policy$;
  execute $policy$
    CREATE POLICY "Participants type and show presence in their thread's room" ON realtime.messages FOR INSERT TO authenticated WITH CHECK (app_rules.is_direct_room_member(( SELECT realtime.topic() AS topic)))
  $policy$;
  execute $policy$
    CREATE POLICY "Second factor required once enrolled" ON realtime.messages AS RESTRICTIVE TO authenticated USING (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied)) WITH CHECK (( SELECT app_rules.second_factor_satisfied() AS second_factor_satisfied))
  $policy$;
  execute $policy$
    CREATE POLICY "Suspended accounts add nothing" ON realtime.messages AS RESTRICTIVE FOR INSERT TO authenticated WITH CHECK (( SELECT app_rules.caller_may_write() AS caller_may_write))
  $policy$;
end
$$;

-- ==============================================================================================
-- Grants
-- Who may use what, stated whole: the API roles get exactly these rights, whatever the
-- database grants new objects by default. TRUNCATE (which ignores row-level security) is
-- nobody's but the service role's.
-- ==============================================================================================

revoke all on all tables in schema public, app_private, app_rules
  from public, anon, authenticated, service_role;
revoke all on all sequences in schema public, app_private, app_rules
  from public, anon, authenticated, service_role;
revoke all on all functions in schema public, app_private, app_rules
  from public, anon, authenticated, service_role;
revoke truncate on storage.objects, storage.buckets from anon, authenticated;
alter default privileges in schema public revoke truncate on tables from anon, authenticated;

grant delete, references, select, trigger on table
  public.comment_likes,
  public.comments,
  public.follows,
  public.likes,
  public.posts,
  public.profiles,
  public.saves
  to anon;
grant references, select, trigger on table
  public.blocks,
  public.direct_messages,
  public.direct_participants,
  public.direct_reactions,
  public.direct_threads,
  public.follow_requests,
  public.moderators,
  public.mutes,
  public.notifications,
  public.post_images,
  public.post_people_tags,
  public.post_tags,
  public.reports,
  public.stories,
  public.story_views
  to anon;
grant delete, references, select, trigger on table
  public.blocks,
  public.close_friends,
  public.comment_likes,
  public.comments,
  public.content_settings,
  public.direct_messages,
  public.direct_reactions,
  public.follow_requests,
  public.follows,
  public.likes,
  public.mutes,
  public.post_people_tags,
  public.posts,
  public.profiles,
  public.saves,
  public.stories,
  public.word_filters
  to authenticated;
grant references, select, trigger on table
  public.direct_participants,
  public.direct_threads,
  public.moderators,
  public.notifications,
  public.post_images,
  public.post_tags,
  public.reports,
  public.story_views
  to authenticated;
grant all on table
  public.blocks,
  public.close_friends,
  public.comment_likes,
  public.comments,
  public.content_settings,
  public.direct_messages,
  public.direct_participants,
  public.direct_reactions,
  public.direct_threads,
  public.follow_requests,
  public.follows,
  public.likes,
  public.moderators,
  public.mutes,
  public.notifications,
  public.post_images,
  public.post_people_tags,
  public.post_tags,
  public.posts,
  public.profiles,
  public.reports,
  public.saves,
  public.stories,
  public.story_views,
  public.word_filters
  to service_role;
grant execute on function
  app_rules.block_partners(),
  app_rules.blocked_with(other uuid),
  app_rules.caller_may_write(),
  app_rules.caller_suspended(),
  app_rules.can_see_author(author uuid),
  app_rules.comment_hidden_by_words(post uuid, writer uuid, body text, to_post_author boolean),
  app_rules.followed_by_my_follows(),
  app_rules.is_moderator(),
  app_rules.is_own_storage_path(value text, folder text, owner uuid),
  app_rules.is_storage_path(value text),
  app_rules.last_public_posts(people uuid[]),
  app_rules.muted_authors(kind text),
  app_rules.profile_search_matches(query text, max_rows integer),
  app_rules.recent_public_authors(),
  app_rules.remember_reader_lists(),
  app_rules.storage_path(url text),
  app_rules.suggestion_candidates(max_rows integer),
  app_rules.suspended_people_hidden(),
  app_rules.text_has_word(body text, word text),
  app_rules.visible_followed_people(),
  public.feed_page(before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer),
  public.fold_search_text(value text),
  public.following_feed_page(before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.following_feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer),
  public.hidden(comment comments),
  public.is_own_storage_url(url text, folder text, owner uuid),
  public.is_storage_public_url(url text),
  public.latest_comments(post_ids uuid[], per_post integer),
  public.like_highlights(post_ids uuid[]),
  public.profile_connections(profile_id uuid, direction text, query text, before_followed_at timestamp with time zone, before_id uuid, page_size integer),
  public.search_hashtags(prefix text, max_rows integer),
  public.search_profiles(query text, max_rows integer),
  public.sign_in_email(login text, password text),
  public.story_clock(),
  public.story_strip(),
  public.suggested_profiles(max_rows integer),
  public.tag_page(tag text, before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.tagged_page(person uuid, before_created_at timestamp with time zone, before_id uuid, page_size integer)
  to anon;
grant execute on function
  app_rules.backdate_new_post(post_id uuid, taken_at timestamp with time zone),
  app_rules.block_partners(),
  app_rules.blocked_with(other uuid),
  app_rules.caller_may_write(),
  app_rules.caller_suspended(),
  app_rules.can_see_author(author uuid),
  app_rules.can_send_direct(thread uuid),
  app_rules.comment_hidden_by_words(post uuid, writer uuid, body text, to_post_author boolean),
  app_rules.direct_blocked_between(a uuid, b uuid),
  app_rules.direct_entry(person uuid, members uuid[], brought_by uuid),
  app_rules.followed_by_my_follows(),
  app_rules.is_close_friend_of(author uuid),
  app_rules.is_direct_participant(thread uuid),
  app_rules.is_direct_room_member(topic text),
  app_rules.is_moderator(),
  app_rules.is_own_storage_path(value text, folder text, owner uuid),
  app_rules.is_storage_path(value text),
  app_rules.last_public_posts(people uuid[]),
  app_rules.muted_authors(kind text),
  app_rules.profile_search_matches(query text, max_rows integer),
  app_rules.recent_public_authors(),
  app_rules.remember_reader_lists(),
  app_rules.remember_second_factor(),
  app_rules.second_factor_satisfied(),
  app_rules.storage_path(url text),
  app_rules.suggestion_candidates(max_rows integer),
  app_rules.suspended_people_hidden(),
  app_rules.text_has_word(body text, word text),
  app_rules.visible_followed_people(),
  public.activity_page(before_latest_at timestamp with time zone, before_group_key text, page_size integer),
  public.add_direct_participants(thread uuid, user_ids uuid[]),
  public.approve_follow_request(requester uuid),
  public.blocked_accounts(),
  public.create_post(caption text, images jsonb, post_id uuid, location text),
  public.delete_account(password text),
  public.direct_inbox(folder text, before timestamp with time zone, page_size integer),
  public.direct_unread_count(),
  public.edit_post(post_id uuid, caption text, alt_texts text[], location text),
  public.feed_page(before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer),
  public.fold_search_text(value text),
  public.follow_profile(target uuid),
  public.follow_requests_page(page_size integer),
  public.following_feed_page(before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.following_feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer),
  public.hidden(comment comments),
  public.import_post(caption text, images jsonb, post_id uuid, taken_at timestamp with time zone, location text),
  public.is_own_storage_url(url text, folder text, owner uuid),
  public.is_storage_public_url(url text),
  public.latest_comments(post_ids uuid[], per_post integer),
  public.like_highlights(post_ids uuid[]),
  public.mark_activity_read(up_to timestamp with time zone),
  public.mark_story_seen(target_story_id uuid),
  public.moderation_lift_suspension(person uuid),
  public.moderation_reports(page_size integer),
  public.moderation_resolve(report uuid, action text),
  public.profile_connections(profile_id uuid, direction text, query text, before_followed_at timestamp with time zone, before_id uuid, page_size integer),
  public.report_content(target_type text, target_id uuid, reason text, details text),
  public.search_hashtags(prefix text, max_rows integer),
  public.search_profiles(query text, max_rows integer),
  public.set_comment_like(target_comment_id uuid, should_like boolean),
  public.set_post_like(target_post_id uuid, should_like boolean),
  public.sign_in_email(login text, password text),
  public.start_direct_thread(recipient_ids uuid[], thread_name text, new_thread_id uuid),
  public.story_clock(),
  public.story_strip(),
  public.suggested_profiles(max_rows integer),
  public.tag_page(tag text, before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.tagged_page(person uuid, before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.verify_password(password text)
  to authenticated;
grant execute on function
  app_rules.followed_private_people(),
  app_rules.following_feed_authors(),
  app_rules.reader_key(),
  app_rules.reader_list(place integer),
  app_rules.text_has_word(body text, word text)
  to public;
grant execute on function
  app_rules.backdate_new_post(post_id uuid, taken_at timestamp with time zone),
  app_rules.block_partners(),
  app_rules.blocked_with(other uuid),
  app_rules.caller_may_write(),
  app_rules.caller_suspended(),
  app_rules.can_see_author(author uuid),
  app_rules.can_send_direct(thread uuid),
  app_rules.comment_hidden_by_words(post uuid, writer uuid, body text, to_post_author boolean),
  app_rules.direct_blocked_between(a uuid, b uuid),
  app_rules.direct_entry(person uuid, members uuid[], brought_by uuid),
  app_rules.is_close_friend_of(author uuid),
  app_rules.is_direct_participant(thread uuid),
  app_rules.is_direct_room_member(topic text),
  app_rules.is_moderator(),
  app_rules.is_own_storage_path(value text, folder text, owner uuid),
  app_rules.is_storage_path(value text),
  app_rules.muted_authors(kind text),
  app_rules.remember_reader_lists(),
  app_rules.remember_second_factor(),
  app_rules.second_factor_satisfied(),
  app_rules.storage_path(url text),
  app_rules.suspended_people_hidden(),
  app_rules.text_has_word(body text, word text),
  public.activity_page(before_latest_at timestamp with time zone, before_group_key text, page_size integer),
  public.add_direct_participants(thread uuid, user_ids uuid[]),
  public.approve_follow_request(requester uuid),
  public.blocked_accounts(),
  public.create_post(caption text, images jsonb, post_id uuid, location text),
  public.delete_account(password text),
  public.direct_inbox(folder text, before timestamp with time zone, page_size integer),
  public.direct_unread_count(),
  public.edit_post(post_id uuid, caption text, alt_texts text[], location text),
  public.feed_page(before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer),
  public.fold_search_text(value text),
  public.follow_profile(target uuid),
  public.follow_requests_page(page_size integer),
  public.following_feed_page(before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.following_feed_page_newer(after_created_at timestamp with time zone, after_id uuid, page_size integer),
  public.hidden(comment comments),
  public.import_post(caption text, images jsonb, post_id uuid, taken_at timestamp with time zone, location text),
  public.is_own_storage_url(url text, folder text, owner uuid),
  public.is_storage_public_url(url text),
  public.latest_comments(post_ids uuid[], per_post integer),
  public.like_highlights(post_ids uuid[]),
  public.mark_activity_read(up_to timestamp with time zone),
  public.mark_story_seen(target_story_id uuid),
  public.moderation_lift_suspension(person uuid),
  public.moderation_reports(page_size integer),
  public.moderation_resolve(report uuid, action text),
  public.profile_connections(profile_id uuid, direction text, query text, before_followed_at timestamp with time zone, before_id uuid, page_size integer),
  public.report_content(target_type text, target_id uuid, reason text, details text),
  public.search_hashtags(prefix text, max_rows integer),
  public.search_profiles(query text, max_rows integer),
  public.set_comment_like(target_comment_id uuid, should_like boolean),
  public.set_post_like(target_post_id uuid, should_like boolean),
  public.sign_in_email(login text, password text),
  public.start_direct_thread(recipient_ids uuid[], thread_name text, new_thread_id uuid),
  public.story_clock(),
  public.story_strip(),
  public.suggested_profiles(max_rows integer),
  public.tag_page(tag text, before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.tagged_page(person uuid, before_created_at timestamp with time zone, before_id uuid, page_size integer),
  public.take_storage_removals(max_count integer),
  public.verify_password(password text)
  to service_role;

-- Columns a client may write (the rest are set by defaults and triggers), and the one column
-- of comment_word_matchers anyone may read.
grant select (author_id) on app_rules.comment_word_matchers to anon;
grant select (author_id) on app_rules.comment_word_matchers to authenticated;
grant insert (blocker_id, blocked_id) on public.blocks to authenticated;
grant insert (user_id, friend_id) on public.close_friends to authenticated;
grant insert (user_id, comment_id) on public.comment_likes to authenticated;
grant insert (id, post_id, user_id, parent_id, body) on public.comments to authenticated;
grant insert (user_id, show_sensitive_media, hide_like_counts, hide_offensive_comments) on public.content_settings to authenticated;
grant update (show_sensitive_media, hide_like_counts, hide_offensive_comments, updated_at) on public.content_settings to authenticated;
grant insert (id, thread_id, sender_id, kind, body, image_url, thumb_url, width, height, placeholder, post_id, story_id) on public.direct_messages to authenticated;
grant update (state, last_read_at, left_at) on public.direct_participants to authenticated;
grant insert (message_id, user_id) on public.direct_reactions to authenticated;
grant update (name) on public.direct_threads to authenticated;
grant insert (requester_id, target_id) on public.follow_requests to authenticated;
grant insert (follower_id, following_id) on public.follows to authenticated;
grant insert (user_id, post_id) on public.likes to authenticated;
grant insert (muter_id, muted_id, posts, stories) on public.mutes to authenticated;
grant update (posts, stories) on public.mutes to authenticated;
grant update (read_at) on public.notifications to authenticated;
grant insert (post_id, "position", image_url, thumb_url, width, height, placeholder, alt_text) on public.post_images to authenticated;
grant update (alt_text) on public.post_images to authenticated;
grant insert (post_id, "position", user_id, x, y) on public.post_people_tags to authenticated;
grant update (status) on public.post_people_tags to authenticated;
grant insert (id, user_id, image_url, caption, width, height, thumb_url, placeholder, alt_text, location) on public.posts to authenticated;
grant update (caption, alt_text, is_sensitive, sensitive_reason, comments_disabled, hide_like_count, location) on public.posts to authenticated;
grant update (username, full_name, avatar_url, bio, is_private, manually_approve_tags) on public.profiles to authenticated;
grant insert (reporter_id, target_type, target_id, reason, details) on public.reports to authenticated;
grant insert (user_id, post_id) on public.saves to authenticated;
grant insert (user_id, image_url, thumb_url, width, height, placeholder, caption, close_friends_only) on public.stories to authenticated;
grant insert (story_id, viewer_id) on public.story_views to authenticated;
grant insert (user_id, kind, word) on public.word_filters to authenticated;

reset check_function_bodies;
