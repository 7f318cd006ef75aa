import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import type { Db } from '../../db/client';
import { peopleByIds } from '../people/public';
import { toPerson } from './contracts.mapper';

/** The people of a page of rows (VAs and clients), as the summaries the API shows, by id. */
export type People = Map<number, PersonSummary>;

/** The people these ids name, as summaries (one query). */
export async function peopleOf(db: Db, ids: Iterable<number | null>): Promise<People> {
  const cards = await peopleByIds(
    db,
    [...ids].filter((id): id is number => id !== null),
  );
  return new Map([...cards].map(([id, card]) => [id, toPerson(card)]));
}

/** A person of the map; a deleted account still shows as someone rather than breaking the row. */
export function personIn(people: People, id: number): PersonSummary {
  return (
    people.get(id) ?? {
      id,
      name: `#${id}`,
      first_name: '',
      last_name: '',
      email: '',
      timezone: 'UTC',
      avatar_url: null,
      company_name: null,
    }
  );
}

/** A row of one contract as lists show it: its VA, its client and the contract's title. */
export function withContractParties(
  people: People,
  r: { vaId: number; clientId: number; contractId: number; contractTitle: string | null },
) {
  return {
    va: personIn(people, r.vaId),
    client: personIn(people, r.clientId),
    contract: { id: r.contractId, title: r.contractTitle ?? '' },
  };
}

/** Rows mapped with their VAs and clients (one people query for the page). */
export async function mapWithParties<R extends { vaId: number; clientId: number }, T>(
  db: Db,
  rows: R[],
  map: (row: R, people: People) => T,
): Promise<T[]> {
  const people = await peopleOf(
    db,
    rows.flatMap((r) => [r.vaId, r.clientId]),
  );
  return rows.map((r) => map(r, people));
}
