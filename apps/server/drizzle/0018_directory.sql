CREATE TABLE "directory_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"actor_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL,
	"result" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directory_syncs" ADD CONSTRAINT "directory_syncs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_syncs_organization_idx" ON "directory_syncs" USING btree ("organization_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_ldap_dn_unique" ON "users" USING btree (lower("ldap_dn"));