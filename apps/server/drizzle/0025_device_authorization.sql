CREATE TABLE "device_authorizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"client_id" text NOT NULL,
	"device_name" text,
	"device_system" text,
	"agent_version" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"poll_interval" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "device_authorizations_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "device_authorizations_user_code_unique" UNIQUE("user_code")
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "device_name" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "device_system" text;--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN "agent_version" text;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_authorizations_expires_idx" ON "device_authorizations" USING btree ("expires_at");