-- The dashboard's insights (server/admin/insights.ts): sign-ups per calendar day, type and page,
-- and contacts per day, over the last 30, 90 or 365 days.
--
-- Counting the rows of a year on each request costs a pass over up to every row (about 100 ms at
-- 100,000 sign-ups); the counts are therefore kept per day as the rows come and go, by statement
-- triggers on the two tables, and an insights request reads at most a few thousand small rows
-- through the primary keys below. A day is a calendar day in the site's time zone (SITE_TIME_ZONE):
-- the zone the counts are kept in is stored here, and when the server's setting differs the
-- counts are rebuilt from the rows once (insights_recount below).

CREATE TABLE insights_time_zone (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  time_zone text NOT NULL
);
INSERT INTO insights_time_zone (time_zone) VALUES ('America/New_York');

-- Sign-ups per local day, type and page. Erasure decrements them: no address is kept here.
CREATE TABLE signup_days (
  day date NOT NULL,
  signup_type text NOT NULL,
  source_page text NOT NULL,
  signups integer NOT NULL,
  PRIMARY KEY (day, signup_type, source_page)
);

CREATE TABLE contact_days (
  day date PRIMARY KEY,
  contacts integer NOT NULL
);

-- Adds `sign` × the rows of a transition table to the day counts (rows in key order, so two
-- statements never lock the same counts in opposite orders), and drops counts that reach zero.
CREATE FUNCTION insights_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zone text := (SELECT time_zone FROM insights_time_zone);
BEGIN
  IF TG_TABLE_NAME = 'email_signups' THEN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO signup_days AS d (day, signup_type, source_page, signups)
      SELECT (submitted_at AT TIME ZONE zone)::date, signup_type, source_page, -count(*)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, signup_type, source_page) DO UPDATE SET signups = d.signups + excluded.signups;
      DELETE FROM signup_days d
      USING (SELECT DISTINCT (submitted_at AT TIME ZONE zone)::date AS day, signup_type, source_page FROM old_rows) o
      WHERE d.day = o.day AND d.signup_type = o.signup_type AND d.source_page = o.source_page AND d.signups <= 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO signup_days AS d (day, signup_type, source_page, signups)
      SELECT (submitted_at AT TIME ZONE zone)::date, signup_type, source_page, count(*)
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, signup_type, source_page) DO UPDATE SET signups = d.signups + excluded.signups;
    END IF;
  ELSE
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO contact_days AS d (day, contacts)
      SELECT (submitted_at AT TIME ZONE zone)::date, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day) DO UPDATE SET contacts = d.contacts + excluded.contacts;
      DELETE FROM contact_days d
      USING (SELECT DISTINCT (submitted_at AT TIME ZONE zone)::date AS day FROM old_rows) o
      WHERE d.day = o.day AND d.contacts <= 0;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO contact_days AS d (day, contacts)
      SELECT (submitted_at AT TIME ZONE zone)::date, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day) DO UPDATE SET contacts = d.contacts + excluded.contacts;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE FUNCTION insights_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'email_signups' THEN
    DELETE FROM signup_days;
  ELSE
    DELETE FROM contact_days;
  END IF;
  RETURN NULL;
END
$$;

-- The same four triggers on both tables: rows counted as they arrive, change or go.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['email_signups', 'contact_submissions'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_insights_insert AFTER INSERT ON %1$s
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_count()', t);
    EXECUTE format('CREATE TRIGGER %1$s_insights_update AFTER UPDATE ON %1$s
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_count()', t);
    EXECUTE format('CREATE TRIGGER %1$s_insights_delete AFTER DELETE ON %1$s
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insights_count()', t);
    EXECUTE format('CREATE TRIGGER %1$s_insights_truncate AFTER TRUNCATE ON %1$s
      FOR EACH STATEMENT EXECUTE FUNCTION insights_forget()', t);
  END LOOP;
END
$$;

-- Recounts every day in `zone` (a new SITE_TIME_ZONE). The tables are locked against writes for
-- the recount (reads go on), so no row is counted twice or missed.
CREATE FUNCTION insights_recount(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE email_signups, contact_submissions IN SHARE ROW EXCLUSIVE MODE;
  UPDATE insights_time_zone SET time_zone = zone;
  DELETE FROM signup_days;
  DELETE FROM contact_days;
  INSERT INTO signup_days (day, signup_type, source_page, signups)
  SELECT (submitted_at AT TIME ZONE zone)::date, signup_type, source_page, count(*)
  FROM email_signups GROUP BY 1, 2, 3;
  INSERT INTO contact_days (day, contacts)
  SELECT (submitted_at AT TIME ZONE zone)::date, count(*) FROM contact_submissions GROUP BY 1;
END
$$;

-- The rows already stored.
SELECT insights_recount('America/New_York');
