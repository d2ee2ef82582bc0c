/** Words the screens put around names and numbers, so no screen says 'the The Green Bowl' or '1 dish match'. */

/** 'Smash Stack' → 'the Smash Stack'; a name that already starts with an article keeps its own ('The Green Bowl'). */
export function theName(name: string): string {
  return /^(the|a|an)\s/i.test(name.trim()) ? name.trim() : `the ${name.trim()}`;
}

/** 'at the Smash Stack counter', 'at The Green Bowl counter'. */
export const atCounterOf = (vendorName: string): string => `at ${theName(vendorName)} counter`;

/** '1 item', '3 items'; '1 dish', '2 dishes' (pass the plural when it is not singular + 's'). */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** A verb agreeing with its count: '1 dish matches', '2 dishes match'. */
export const agrees = (count: number, singularVerb: string, pluralVerb: string): string =>
  count === 1 ? singularVerb : pluralVerb;
