import type { EndpointOutput } from '@vahub/shared/api/endpoint';
import { adminProjects, clientProjects, managerProjects } from '@vahub/shared/projects/endpoints';

/** The dashboards that show projects; each reads its own area of the API (scoped by the server). */
export type ProjectArea = 'admin' | 'manager' | 'client';
/** The areas that may add, rename, reorder and remove columns and delete projects. */
export type OwnerArea = 'admin' | 'client';

export const projectApi = {
  admin: adminProjects,
  manager: managerProjects,
  client: clientProjects,
} as const;
export const ownerApi = { admin: adminProjects, client: clientProjects } as const;

/** Whether the area may delete a project (the client and admins; the server refuses a manager). */
export const isOwnerArea = (area: ProjectArea): area is OwnerArea => area !== 'manager';

export type ProjectPage = EndpointOutput<typeof adminProjects.list>;
export type BoardData = EndpointOutput<typeof adminProjects.board>;
export type BoardLane = BoardData['columns'][number];
export type BoardTask = BoardLane['tasks'][number];
