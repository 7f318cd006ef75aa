import type { Team, TeamDetail } from '@vahub/shared/teams/schemas';
import { TEAM_MESSAGES } from '@vahub/shared/teams/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { iso } from '../../lib/clock';
import { AppError, fieldError } from '../../lib/errors';
import { paginationMeta } from '../../lib/pagination';
import type { Deps } from '../../lib/types';
import type { Viewer } from '../../lib/viewer';
import { audit } from '../../platform/audit-trail';
import { fullName, roleObjects } from './people.mapper';
import { teamsVisibleTo } from './people.scope';
import {
  findTeam,
  memberIdsOf,
  pageTeams,
  replaceMembers,
  type TeamListRow,
  teamMembersOf,
  teamNameTaken,
  teamRefs,
} from './teams.repository';
import { teams } from './teams.table';
import { assertOrgTeams, isUniqueViolation, replaceTeams } from './user-rules';
import { findScopedUser, orgUserIds, teamIdsOf } from './users.repository';
import { userNotFound } from './users.service';

const teamNotFound = () => new AppError('not_found', TEAM_MESSAGES.not_found);

const rethrowUnique = (err: unknown): never => {
  throw isUniqueViolation(err) ? fieldError('name', TEAM_MESSAGES.name_taken) : err;
};

type TeamInput = {
  name?: string;
  description?: string | null;
  leader_id?: number | null;
  member_ids?: number[];
};

const toTeam = (r: TeamListRow): Team => ({
  id: r.team.id,
  name: r.team.name,
  description: r.team.description,
  leader:
    r.team.leaderId && r.leaderFirst !== null
      ? { id: r.team.leaderId, name: fullName({ firstName: r.leaderFirst, lastName: r.leaderLast ?? '' }) }
      : null,
  member_count: r.memberCount,
  created_at: iso(r.team.createdAt) ?? '',
});

/** Admins list the organization's teams (names, leader, size); anyone else the teams they lead or belong to. */
export async function listTeams(
  deps: Deps,
  viewer: Viewer,
  q: { page: number; per_page: number; search?: string },
) {
  const { rows, total } = await pageTeams(deps.db, teamsVisibleTo(viewer), q.search, q.page, q.per_page);
  return { data: rows.map(toTeam), meta: paginationMeta(q.page, q.per_page, total) };
}

async function detail(db: Db, row: TeamListRow): Promise<TeamDetail> {
  const members = await teamMembersOf(db, row.team.id);
  return {
    ...toTeam(row),
    members: members.map((m) => ({
      id: m.id,
      first_name: m.firstName,
      last_name: m.lastName,
      name: fullName(m),
      email: m.email,
      roles: roleObjects(m.roles),
      status: m.status,
    })),
  };
}

/** A team with its members: admins any of the organization; anyone else (managers too) only a team they lead or belong to. */
export async function getTeam(deps: Deps, viewer: Viewer, id: number) {
  const row = await findTeam(deps.db, teamsVisibleTo(viewer), id);
  if (!row) throw teamNotFound();
  return detail(deps.db, row);
}

async function checkInput(db: Db, organizationId: number, input: TeamInput, exceptId?: number) {
  if (input.name !== undefined && (await teamNameTaken(db, organizationId, input.name, exceptId)))
    throw fieldError('name', TEAM_MESSAGES.name_taken);
  if (input.leader_id) {
    const found = await orgUserIds(db, organizationId, [input.leader_id]);
    if (!found.length) throw fieldError('leader_id', TEAM_MESSAGES.leader_unknown);
  }
  if (input.member_ids?.length) {
    const found = await orgUserIds(db, organizationId, input.member_ids);
    if (found.length !== input.member_ids.length)
      throw fieldError('member_ids', TEAM_MESSAGES.member_unknown);
  }
}

const snapshot = (t: typeof teams.$inferSelect, memberIds: number[]) => ({
  name: t.name,
  description: t.description,
  leader_id: t.leaderId,
  member_ids: memberIds,
});

export async function createTeam(deps: Deps, viewer: Viewer, input: TeamInput & { name: string }) {
  const now = deps.clock.now();
  const id = await deps
    .transaction(async ({ tx }) => {
      await checkInput(tx, viewer.organizationId, input);
      const [team] = await tx
        .insert(teams)
        .values({
          organizationId: viewer.organizationId,
          name: input.name,
          description: input.description ?? null,
          leaderId: input.leader_id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      const memberIds = input.member_ids ?? [];
      await replaceMembers(tx, team.id, memberIds);
      await audit(tx, {
        organizationId: viewer.organizationId,
        actorId: viewer.userId,
        action: 'team.created',
        entityType: 'team',
        entityId: team.id,
        before: null,
        after: snapshot(team, memberIds),
      });
      return team.id;
    })
    .catch(rethrowUnique);
  return getTeam(deps, viewer, id);
}

export async function updateTeam(deps: Deps, viewer: Viewer, id: number, input: TeamInput) {
  const current = await findTeam(deps.db, teamsVisibleTo(viewer), id);
  if (!current) throw teamNotFound();
  await deps
    .transaction(async ({ tx }) => {
      await checkInput(tx, viewer.organizationId, input, id);
      const beforeMembers = await memberIdsOf(tx, id);
      const patch: Partial<typeof teams.$inferInsert> = { updatedAt: deps.clock.now() };
      if (input.name !== undefined) patch.name = input.name;
      if (input.description !== undefined) patch.description = input.description;
      if (input.leader_id !== undefined) patch.leaderId = input.leader_id;
      const [after] = await tx.update(teams).set(patch).where(eq(teams.id, id)).returning();
      if (input.member_ids) await replaceMembers(tx, id, input.member_ids);
      await audit(tx, {
        organizationId: viewer.organizationId,
        actorId: viewer.userId,
        action: 'team.updated',
        entityType: 'team',
        entityId: id,
        before: snapshot(current.team, beforeMembers),
        after: snapshot(after, input.member_ids ?? beforeMembers),
      });
    })
    .catch(rethrowUnique);
  return getTeam(deps, viewer, id);
}

export async function deleteTeam(deps: Deps, viewer: Viewer, id: number) {
  const current = await findTeam(deps.db, teamsVisibleTo(viewer), id);
  if (!current) throw teamNotFound();
  await deps.transaction(async ({ tx }) => {
    const memberIds = await memberIdsOf(tx, id);
    await tx.delete(teams).where(eq(teams.id, id));
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'team.deleted',
      entityType: 'team',
      entityId: id,
      before: snapshot(current.team, memberIds),
      after: null,
    });
  });
}

/** `PATCH teams/users/{id}`: the user's teams become exactly `teamIds`. */
export async function setUserTeams(deps: Deps, viewer: Viewer, userId: number, teamIds: number[]) {
  const user = await findScopedUser(deps.db, viewer.organizationId, userId);
  if (!user) throw userNotFound();
  await deps.transaction(async ({ tx }) => {
    await assertOrgTeams(tx, viewer.organizationId, teamIds);
    const before = await teamIdsOf(tx, userId);
    await replaceTeams(tx, userId, teamIds);
    await audit(tx, {
      organizationId: viewer.organizationId,
      actorId: viewer.userId,
      action: 'user.teams_set',
      entityType: 'user',
      entityId: userId,
      before: { team_ids: before },
      after: { team_ids: [...teamIds].sort((a, b) => a - b) },
    });
  });
  return { user_id: userId, teams: await teamRefs(deps.db, teamIds) };
}
