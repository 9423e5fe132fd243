// The pets, asked once per screen: for the filter and for the names shown beside entries and albums.

import { call } from "./api.js";

/** Every pet, in the core's order. */
export async function allPets() {
  const pets = [];
  let cursor = null;
  do {
    const page = await call("pets.list", { limit: 500, cursor: cursor ?? undefined });
    pets.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return pets;
}
