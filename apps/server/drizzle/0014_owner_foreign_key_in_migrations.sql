-- The owner's foreign key stays as migration 0003 made it (organizations.owner_id -> users.id, on delete restrict).
-- organizations.table.ts no longer declares it: that made the organizations module import people's users.table,
-- a layer above it (docs/architecture.md, "Module layers and the boundary check"). This migration only takes it out
-- of drizzle-kit's snapshot, so `db:generate` does not drop it; it drops nothing. The comment says where it lives.
COMMENT ON CONSTRAINT "organizations_owner_id_users_id_fk" ON "organizations" IS 'Declared in the migrations only (0003, 0014), not in organizations.table.ts: the organizations module imports nothing of people.';
