/**
 * Grouping and ordering of sub-tests (spec doc 3 §3 Grouping): tests are grouped by
 * subTestClassification (UNCLASSIFIED when missing) and ordered by parameterOrder. Used by the
 * latest-3 table and the printable report's test table.
 */

/** The group of a sub-test without a classification (spec doc 3 §3). */
export const UNCLASSIFIED = 'UNCLASSIFIED';

/** Anything that can be grouped: an observation, a table row, a print result. */
export type Classified = {
  subTestClassification?: string | null;
  parameterOrder?: number | null;
};

/** One group: its classification and its items in parameterOrder. */
export type ClassificationGroup<T> = { classification: string; items: T[] };

/**
 * A sub-test's group: its subTestClassification, or UNCLASSIFIED when it is missing or blank.
 * @param item - the sub-test
 */
export function classificationOf(item: Classified): string {
  const name = (item.subTestClassification ?? '').trim();
  return name === '' ? UNCLASSIFIED : name;
}

// A sub-test without a parameterOrder goes after those with one (ours: the spec gives no default).
function orderOf(item: Classified): number {
  const order = item.parameterOrder;
  return typeof order === 'number' && Number.isFinite(order) ? order : Number.POSITIVE_INFINITY;
}

/**
 * Items sorted by parameterOrder, ascending; missing orders last; ties keep their input order.
 * @param items - the sub-tests
 */
export function sortByParameterOrder<T extends Classified>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => orderOf(a.item) - orderOf(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * Items grouped by subTestClassification (UNCLASSIFIED when missing), each group in parameterOrder
 * (spec doc 3 §3). Groups come in the order of their first item by parameterOrder, so the table
 * reads top to bottom in the laboratory's order (ours: the spec does not order the groups).
 * @param items - the sub-tests
 */
export function groupBySubTestClassification<T extends Classified>(
  items: readonly T[],
): ClassificationGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const item of sortByParameterOrder(items)) {
    const key = classificationOf(item);
    const group = groups.get(key);
    if (group) {
      group.push(item);
    } else {
      groups.set(key, [item]);
    }
  }
  return [...groups].map(([classification, grouped]) => ({ classification, items: grouped }));
}
