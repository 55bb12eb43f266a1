-- Sessions are checked from a cache in each process (modules/auth/session-reader.ts). Whatever ends or changes a
-- session, or changes the user it names, tells every process at once on the channel selah_sessions:
-- 's:<session id>' or 'u:<user id>'. Deleting a user deletes its sessions by cascade, which fires the first.
CREATE OR REPLACE FUNCTION selah_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('selah_sessions', 's:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_changed AFTER DELETE OR UPDATE ON "session" FOR EACH ROW EXECUTE FUNCTION selah_session_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION selah_session_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('selah_sessions', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER session_user_changed AFTER UPDATE OF "email", "name" ON "user" FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION selah_session_user_changed();
--> statement-breakpoint
CREATE TRIGGER session_user_deleted AFTER DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION selah_session_user_changed();
--> statement-breakpoint
-- The embedded default answers a person's frequent reads (library, /api/me, generation stats, journey progress)
-- from memory (platform/personal-cache.ts). Every change to what they are made of says whose on selah_user_data:
-- the user's id, or '*' when shared content changed.
CREATE OR REPLACE FUNCTION selah_user_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_id text := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) ->> 'user_id' END;
  after_id text := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) ->> 'user_id' END;
BEGIN
  IF before_id IS NOT NULL THEN PERFORM pg_notify('selah_user_data', before_id); END IF;
  IF after_id IS NOT NULL AND after_id IS DISTINCT FROM before_id THEN PERFORM pg_notify('selah_user_data', after_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION selah_shared_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('selah_user_data', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER records_changed AFTER INSERT OR UPDATE OR DELETE ON "records" FOR EACH ROW EXECUTE FUNCTION selah_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER profiles_changed AFTER INSERT OR UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION selah_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER account_changed AFTER INSERT OR UPDATE OR DELETE ON "account" FOR EACH ROW EXECUTE FUNCTION selah_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER generation_counters_changed AFTER INSERT OR UPDATE OR DELETE ON "generation_counters" FOR EACH ROW EXECUTE FUNCTION selah_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER user_journey_progress_changed AFTER INSERT OR UPDATE OR DELETE ON "user_journey_progress" FOR EACH ROW EXECUTE FUNCTION selah_user_data_changed();
--> statement-breakpoint
CREATE TRIGGER prayer_journeys_changed AFTER INSERT OR UPDATE OR DELETE ON "prayer_journeys" FOR EACH STATEMENT EXECUTE FUNCTION selah_shared_data_changed();
--> statement-breakpoint
CREATE TRIGGER prayer_journey_translations_changed AFTER INSERT OR UPDATE OR DELETE ON "prayer_journey_translations" FOR EACH STATEMENT EXECUTE FUNCTION selah_shared_data_changed();
