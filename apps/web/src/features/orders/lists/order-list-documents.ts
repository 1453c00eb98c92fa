/**
 * The order lists' calls (spec doc 3 §7 Fetch orders, Subscriptions; §9 paging), typed from
 * schema.graphql. The page and the live update ask for the same fields, so a live order replaces a
 * listed one as it is.
 */
import { graphql, type ResultOf } from '../../../lib/graphql/lazy-graphql.ts';

/** spec doc 3 §7 Fetch orders: a page of the account's orders, newest first (10, then 9 per Load More). */
export const orderListPageQuery = graphql(`
  query orderListPage($patientId: [ID!], $category: [String!], $first: Int, $after: String) {
    serviceRequests(patientId: $patientId, category: $category, first: $first, after: $after) {
      nodes {
        id
        identifier
        intent
        category
        orderStatus
        patientId
        organizationId
        createdTime
      }
      endCursor
      hasMore
    }
  }
`);

/** The hospitals, for the name on each card. */
export const orderListHospitalsQuery = graphql(`
  query orderListHospitals {
    queryOrganization {
      id
      name
    }
  }
`);

/** spec doc 3 §7 Subscriptions: an order of the account after each change (reflex_order is never sent). */
export const orderListLiveSubscription = graphql(`
  subscription orderListLive($patientId: [ID!]) {
    subscribeServiceRequest(patientId: $patientId) {
      id
      identifier
      intent
      category
      orderStatus
      patientId
      organizationId
      createdTime
    }
  }
`);

/** A page of orders as the lists read it. */
export type OrderListPage = ResultOf<typeof orderListPageQuery>['serviceRequests'];
/** An order as the lists read it. */
export type OrderListItem = OrderListPage['nodes'][number];
