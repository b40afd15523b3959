CREATE TABLE `data_versions` (
	`scope` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER data_versions_persons_insert AFTER INSERT ON persons FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_persons_update AFTER UPDATE ON persons FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_persons_delete AFTER DELETE ON persons FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_bank_accounts_insert AFTER INSERT ON bank_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_bank_accounts_update AFTER UPDATE ON bank_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_bank_accounts_delete AFTER DELETE ON bank_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_contact_duties_insert AFTER INSERT ON contact_duties FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_contact_duties_update AFTER UPDATE ON contact_duties FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_contact_duties_delete AFTER DELETE ON contact_duties FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_documents_insert AFTER INSERT ON documents FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_documents_update AFTER UPDATE ON documents FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_documents_delete AFTER DELETE ON documents FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_messages_insert AFTER INSERT ON messages FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT CASE WHEN NEW.customer_designation IS NOT NULL THEN 'global' END AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_messages_update AFTER UPDATE ON messages FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT CASE WHEN NEW.customer_designation IS NOT NULL THEN 'global' END AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT CASE WHEN OLD.customer_designation IS NOT NULL THEN 'global' END AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_messages_delete AFTER DELETE ON messages FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT CASE WHEN OLD.customer_designation IS NOT NULL THEN 'global' END AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_contracts_insert AFTER INSERT ON pk_contracts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_contracts_update AFTER UPDATE ON pk_contracts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_contracts_delete AFTER DELETE ON pk_contracts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_statements_insert AFTER INSERT ON pk_statements FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM pk_contracts WHERE id = NEW.contract_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_statements_update AFTER UPDATE ON pk_statements FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM pk_contracts WHERE id = NEW.contract_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM pk_contracts WHERE id = OLD.contract_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_pk_statements_delete AFTER DELETE ON pk_statements FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM pk_contracts WHERE id = OLD.contract_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_severance_claims_insert AFTER INSERT ON severance_claims FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_severance_claims_update AFTER UPDATE ON severance_claims FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_severance_claims_delete AFTER DELETE ON severance_claims FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_supervisory_board_seats_insert AFTER INSERT ON supervisory_board_seats FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_supervisory_board_seats_update AFTER UPDATE ON supervisory_board_seats FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_supervisory_board_seats_delete AFTER DELETE ON supervisory_board_seats FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_accounts_insert AFTER INSERT ON vk_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_accounts_update AFTER UPDATE ON vk_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || NEW.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_accounts_delete AFTER DELETE ON vk_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'person:' || OLD.person_id AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_statements_insert AFTER INSERT ON vk_statements FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM vk_accounts WHERE id = NEW.account_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_statements_update AFTER UPDATE ON vk_statements FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM vk_accounts WHERE id = NEW.account_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM vk_accounts WHERE id = OLD.account_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vk_statements_delete AFTER DELETE ON vk_statements FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT (SELECT 'person:' || person_id FROM vk_accounts WHERE id = OLD.account_id) AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_employers_insert AFTER INSERT ON employers FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_employers_update AFTER UPDATE ON employers FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_employers_delete AFTER DELETE ON employers FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vrgs_insert AFTER INSERT ON vrgs FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vrgs_update AFTER UPDATE ON vrgs FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_vrgs_delete AFTER DELETE ON vrgs FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) SELECT s, 1 FROM (SELECT 'global' AS s) WHERE s IS NOT NULL ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
