/**
 * What each order list holds and offers (spec doc 3 §2 Order lists, §4 live updates, §9 paging):
 * its categories, its request buttons, the lab test list's profile tiles, and how a live order
 * joins the rows already shown. The rules themselves (paging, states, texts, flags, routes) are
 * packages/domain's.
 */
import {
  ORDER_FORM_CATEGORIES,
  isIgnoredLiveUpdate,
  isOrderCategoryEnabled,
  orderCreateRoute,
  type OrderCategory,
  type OrderFormCategory,
  type OrderListKind,
} from '@careline/domain/orders';
import { groupProfilesByRelationship, type ClientPatient } from '@careline/domain/profiles';
import type { FeatureFlags } from '@careline/domain/tenant';
import { ORDER_TIME_ZONE } from '../view/order-view-model.ts';
import { formatInstant } from '@careline/domain/time';

/**
 * The categories each list asks for (spec doc 3 §2): every order on /history/orders (admissions
 * included), examinations on /history/examination, procedures on /history/procedure.
 */
export const ORDER_LIST_CATEGORIES: Record<OrderListKind, readonly OrderCategory[] | null> = {
  orders: null,
  labTests: ['Examination'],
  procedures: ['Procedure'],
};

/**
 * The request-new buttons a list may show: all three and the admission request on the order list
 * (issue 30 §2.4), its own on the others.
 */
const REQUEST_CATEGORIES: Record<OrderListKind, readonly OrderFormCategory[]> = {
  orders: ORDER_FORM_CATEGORIES,
  labTests: ['Examination'],
  procedures: ['Procedure'],
};

/** A request-new button: the category and its creation route. */
export type RequestNewButton = { category: OrderFormCategory; to: string };

/**
 * The buttons to request a new Medicine, Lab Test or Medical service (spec doc 3 §2), and an
 * admission on the order list (encounterOrder, spec doc 3 §1), only for the
 * categories the tenant's feature flags offer (spec doc 3 §1, §6), each opening /order/create/{category}.
 * @param kind - which list
 * @param features - the tenant's feature flags
 */
export function requestNewButtons(
  kind: OrderListKind,
  features: Pick<
    FeatureFlags,
    'medicationOrder' | 'examinationOrder' | 'procedureOrder' | 'encounterOrder'
  >,
): RequestNewButton[] {
  return REQUEST_CATEGORIES[kind]
    .filter((category) => isOrderCategoryEnabled(features, category))
    .map((category) => ({ category, to: orderCreateRoute(category) }));
}

/** Which orders a list shows: its categories, and the chosen profiles (null: every profile). */
export type OrderListFilter = {
  categories: readonly string[] | null;
  patientIds: readonly string[] | null;
};

/**
 * Whether a live order belongs in the list: not a replacement order (intent reflex_order is ignored,
 * spec doc 3 §4), of the list's categories and of the chosen profiles.
 * @param order - the order as the subscription sent it
 * @param filter - the list's categories and profiles
 */
export function acceptsLiveOrder(
  order: { intent: string; category: string; patientId: string },
  filter: OrderListFilter,
): boolean {
  return (
    !isIgnoredLiveUpdate(order.intent) &&
    (filter.categories === null || filter.categories.includes(order.category)) &&
    (filter.patientIds === null || filter.patientIds.includes(order.patientId))
  );
}

type Listed = { id: string; createdTime: string };

/** Newest first, as the server pages them (created time, then id, both descending). */
function newestFirst(a: Listed, b: Listed): number {
  const byTime = new Date(b.createdTime).getTime() - new Date(a.createdTime).getTime();
  if (byTime !== 0) {
    return byTime;
  }
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

/**
 * The rows to show: the loaded pages with each order's latest live version, and live orders not yet
 * loaded that fall inside what is loaded (a new order on top; an older one changed further down
 * waits for its own page), newest first, each once.
 * @param loaded - the orders of the pages loaded so far, newest first
 * @param live - the latest version of each order the subscription sent
 * @param complete - whether every page is loaded (no Load More left)
 */
export function mergeLiveOrders<T extends Listed>(
  loaded: readonly T[],
  live: readonly T[],
  complete: boolean,
): T[] {
  const latest = new Map(live.map((order) => [order.id, order]));
  const rows = new Map<string, T>();
  for (const order of loaded) {
    rows.set(order.id, latest.get(order.id) ?? order);
  }
  const oldest = loaded.at(-1);
  for (const order of live) {
    if (
      !rows.has(order.id) &&
      (complete || (oldest !== undefined && newestFirst(order, oldest) <= 0))
    ) {
      rows.set(order.id, order);
    }
  }
  return [...rows.values()].sort(newestFirst);
}

/** A profile tile of the lab test list: one person, or the unclassified profiles sharing a name. */
export type ProfileTile = {
  key: string;
  /** The relationship, or null for unclassified profiles (grouped by name). */
  relationship: string | null;
  name: string;
  patientIds: string[];
};

const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The lab test list's profile selector tiles (spec doc 3 §2 Order lists): grouped by relationship,
 * in the tenant's configured order (groupProfilesByRelationship), one tile per person there (the
 * records linked to it at other hospitals join it: sameRelationshipIds); unclassified profiles
 * last, grouped by name.
 * @param patients - the account's profiles
 * @param relationships - the tenant's configured relationships
 */
export function labProfileTiles(patients: ClientPatient[], relationships: string[]): ProfileTile[] {
  const tiles: ProfileTile[] = [];
  for (const group of groupProfilesByRelationship(patients, relationships)) {
    if (group.relationship === '') {
      const byName = new Map<string, ProfileTile>();
      for (const patient of group.patients) {
        const key = nameKey(patient.displayName);
        const tile = byName.get(key);
        if (tile) {
          tile.patientIds.push(patient.id);
        } else {
          byName.set(key, {
            key: `name:${key}`,
            relationship: null,
            name: patient.displayName,
            patientIds: [patient.id],
          });
        }
      }
      tiles.push(...byName.values());
      continue;
    }
    const placed = new Set<string>();
    for (const patient of group.patients) {
      if (placed.has(patient.id)) {
        continue;
      }
      const person = group.patients.filter(
        (other) =>
          other.id === patient.id ||
          patient.sameRelationshipIds.includes(other.id) ||
          other.sameRelationshipIds.includes(patient.id),
      );
      for (const member of person) {
        placed.add(member.id);
      }
      tiles.push({
        key: `relationship:${group.relationship}:${patient.id}`,
        relationship: group.relationship,
        name: patient.displayName,
        patientIds: person.map((member) => member.id),
      });
    }
  }
  return tiles;
}

/**
 * The initials of a name for a tile's avatar: 'Mrs Kamala Perera' → 'KP' (titles skipped).
 * @param name - the name as shown
 */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .filter((word) => word !== '' && !/^(dr|mr|mrs|ms|miss|prof|rev|master)\.?$/i.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * When an order was requested, in the patient's language and in hospital time (the zone the order
 * view and the SMS use, not the phone's), on a 12-hour clock as the spec's times are (hh:mm A):
 * '23 Nov 2026, 4:30 pm'.
 * @param iso - the order's created time
 * @param language - the active language (en, si or ta)
 * @param timeZone - the zone shown; the hospital's by default
 */
export function requestedTimeText(iso: string, language: string, timeZone: string = ORDER_TIME_ZONE): string {
  return formatInstant(iso, 'dateTime', { locale: language, timeZone }) ?? '';
}
