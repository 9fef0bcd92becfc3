-- The record refuses TRUNCATE too (issue 43; decision 063): migration 0022's trigger covered
-- UPDATE and DELETE only. The same function raises 'audit_log is append-only'.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "jsbn_audit_log_append_only"();
