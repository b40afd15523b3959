-- Data-version triggers of the fund's memoised reads (decision 0060; statements of db/fund-read-version.ts).
CREATE TRIGGER data_versions_fund_read_severance_claims_insert AFTER INSERT ON severance_claims FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_severance_claims_update AFTER UPDATE ON severance_claims FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_severance_claims_delete AFTER DELETE ON severance_claims FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_vk_accounts_insert AFTER INSERT ON vk_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_vk_accounts_update AFTER UPDATE ON vk_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_vk_accounts_delete AFTER DELETE ON vk_accounts FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_persons_insert AFTER INSERT ON persons FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_persons_update AFTER UPDATE ON persons FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_persons_delete AFTER DELETE ON persons FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_claim_files_insert AFTER INSERT ON claim_files FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_claim_files_update AFTER UPDATE ON claim_files FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_claim_files_delete AFTER DELETE ON claim_files FOR EACH ROW BEGIN INSERT INTO data_versions (scope, version) VALUES ('fund-read', 1) ON CONFLICT (scope) DO UPDATE SET version = version + 1; END;
