CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_org_name_idx" ON "users" USING btree ("organization_id",lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || coalesce("company_name", '')) gin_trgm_ops);