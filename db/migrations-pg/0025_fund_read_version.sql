-- Data-version triggers of the fund's memoised reads (decision 0060; statements of db/fund-read-version.ts).
CREATE FUNCTION data_versions_fund_read() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM data_versions_bump('fund-read'); RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_severance_claims AFTER INSERT OR UPDATE OR DELETE ON severance_claims FOR EACH ROW EXECUTE FUNCTION data_versions_fund_read();
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_vk_accounts AFTER INSERT OR UPDATE OR DELETE ON vk_accounts FOR EACH ROW EXECUTE FUNCTION data_versions_fund_read();
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_persons AFTER INSERT OR UPDATE OR DELETE ON persons FOR EACH ROW EXECUTE FUNCTION data_versions_fund_read();
--> statement-breakpoint
CREATE TRIGGER data_versions_fund_read_claim_files AFTER INSERT OR UPDATE OR DELETE ON claim_files FOR EACH ROW EXECUTE FUNCTION data_versions_fund_read();
