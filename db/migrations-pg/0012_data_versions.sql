CREATE TABLE "data_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION data_versions_bump(s text) RETURNS void LANGUAGE plpgsql AS $$ BEGIN IF s IS NOT NULL THEN INSERT INTO data_versions (scope, version) VALUES (s, 1) ON CONFLICT (scope) DO UPDATE SET version = data_versions.version + 1; END IF; END $$;
--> statement-breakpoint
CREATE FUNCTION data_versions_persons() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_persons AFTER INSERT OR UPDATE OR DELETE ON persons FOR EACH ROW EXECUTE FUNCTION data_versions_persons();
--> statement-breakpoint
CREATE FUNCTION data_versions_bank_accounts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_bank_accounts AFTER INSERT OR UPDATE OR DELETE ON bank_accounts FOR EACH ROW EXECUTE FUNCTION data_versions_bank_accounts();
--> statement-breakpoint
CREATE FUNCTION data_versions_contact_duties() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_contact_duties AFTER INSERT OR UPDATE OR DELETE ON contact_duties FOR EACH ROW EXECUTE FUNCTION data_versions_contact_duties();
--> statement-breakpoint
CREATE FUNCTION data_versions_documents() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_documents AFTER INSERT OR UPDATE OR DELETE ON documents FOR EACH ROW EXECUTE FUNCTION data_versions_documents();
--> statement-breakpoint
CREATE FUNCTION data_versions_messages() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); PERFORM data_versions_bump(CASE WHEN NEW.customer_designation IS NOT NULL THEN 'global' END); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); PERFORM data_versions_bump(CASE WHEN OLD.customer_designation IS NOT NULL THEN 'global' END); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_messages AFTER INSERT OR UPDATE OR DELETE ON messages FOR EACH ROW EXECUTE FUNCTION data_versions_messages();
--> statement-breakpoint
CREATE FUNCTION data_versions_pk_contracts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_contracts AFTER INSERT OR UPDATE OR DELETE ON pk_contracts FOR EACH ROW EXECUTE FUNCTION data_versions_pk_contracts();
--> statement-breakpoint
CREATE FUNCTION data_versions_pk_statements() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump((SELECT 'person:' || person_id FROM pk_contracts WHERE id = NEW.contract_id)); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump((SELECT 'person:' || person_id FROM pk_contracts WHERE id = OLD.contract_id)); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_statements AFTER INSERT OR UPDATE OR DELETE ON pk_statements FOR EACH ROW EXECUTE FUNCTION data_versions_pk_statements();
--> statement-breakpoint
CREATE FUNCTION data_versions_severance_claims() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_severance_claims AFTER INSERT OR UPDATE OR DELETE ON severance_claims FOR EACH ROW EXECUTE FUNCTION data_versions_severance_claims();
--> statement-breakpoint
CREATE FUNCTION data_versions_supervisory_board_seats() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_supervisory_board_seats AFTER INSERT OR UPDATE OR DELETE ON supervisory_board_seats FOR EACH ROW EXECUTE FUNCTION data_versions_supervisory_board_seats();
--> statement-breakpoint
CREATE FUNCTION data_versions_vk_accounts() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('person:' || NEW.person_id); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('person:' || OLD.person_id); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_accounts AFTER INSERT OR UPDATE OR DELETE ON vk_accounts FOR EACH ROW EXECUTE FUNCTION data_versions_vk_accounts();
--> statement-breakpoint
CREATE FUNCTION data_versions_vk_statements() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump((SELECT 'person:' || person_id FROM vk_accounts WHERE id = NEW.account_id)); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump((SELECT 'person:' || person_id FROM vk_accounts WHERE id = OLD.account_id)); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_statements AFTER INSERT OR UPDATE OR DELETE ON vk_statements FOR EACH ROW EXECUTE FUNCTION data_versions_vk_statements();
--> statement-breakpoint
CREATE FUNCTION data_versions_employers() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('global'); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('global'); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_employers AFTER INSERT OR UPDATE OR DELETE ON employers FOR EACH ROW EXECUTE FUNCTION data_versions_employers();
--> statement-breakpoint
CREATE FUNCTION data_versions_vrgs() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF TG_OP <> 'DELETE' THEN PERFORM data_versions_bump('global'); END IF; IF TG_OP <> 'INSERT' THEN PERFORM data_versions_bump('global'); END IF; RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_vrgs AFTER INSERT OR UPDATE OR DELETE ON vrgs FOR EACH ROW EXECUTE FUNCTION data_versions_vrgs();
