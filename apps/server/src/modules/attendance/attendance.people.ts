import type { PersonSummary } from '@vahub/shared/contracts/schemas';
import { toPerson } from '../contracts/public';
import type { PersonCard } from '../people/public';

/** A person as the attendance calls show them: the contracts' summary (one mapping for both modules). */
export const toPersonSummary: (p: PersonCard) => PersonSummary = toPerson;

/** Looks a person up in a page's people, failing loudly if the foreign key was somehow broken. */
export function personOf(people: Map<number, PersonCard>, id: number): PersonSummary {
  const found = people.get(id);
  if (!found) throw new Error(`attendance person ${id} is missing`);
  return toPersonSummary(found);
}
