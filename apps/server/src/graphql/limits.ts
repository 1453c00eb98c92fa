import { QUERY_LIMITS } from '@careline/domain/constants';
import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  type ASTVisitor,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/**
 * Sign-in root fields: one of them at most per request (any mix), so aliases cannot multiply
 * attempts or sends.
 */
export const singleUseRootFields = new Set([
  'initiateAuthentication',
  'completeAuthentication',
  'initiateLinkAuthentication',
  // Staff passwords: one guess per request, so aliases cannot multiply guesses past the limits.
  'staffSignIn',
  'staffChangePassword',
]);

/** What one operation may ask for (env GRAPHQL_MAX_COST, GRAPHQL_MAX_ROWS, GRAPHQL_MAX_ALIASES). */
export type CostLimits = {
  /** Worst-case fields in the response: each field counts once per row it can appear in. */
  maxCost: number;
  /** Worst-case rows of all lists of objects together, nested lists multiplied by their parents' rows. */
  maxRows: number;
  /** Most response keys (aliases) one field name may have in one selection set. */
  maxAliases: number;
};

/**
 * The most rows each list field can return ("Type.field"). A `limit` or `first` argument given as a
 * literal lowers it; a variable or a missing argument counts as this maximum, since validation does
 * not see variables. Lists not named here count as {@link defaultListRows}.
 */
export const listFieldRows: Record<string, number> = {
  'Query.querySession': QUERY_LIMITS.sessions,
  'Query.queryPractitioner': QUERY_LIMITS.practitioners,
  // Patient consultations (issue 8): appointments and tokens up to the spec's query limit; searches cap at 100.
  'Query.queryAppointment': QUERY_LIMITS.appointments,
  'Query.querySessionTokens': QUERY_LIMITS.appointments,
  'Query.searchDoctors': 100,
  'Query.searchSpecialties': 100,
  'Subscription.subscribeAppointment': 100,
  'Subscription.subscribeSessionTokens': QUERY_LIMITS.appointments,
  'Query.queryOrganization': 100,
  'Query.staffPatientLookup': 50,
  'Query.staffWalkInPatientLookup': 50,
  'Query.staffUsers': 500,
  'AuditPage.events': 100,
  'Address.line': 5,
  'HumanName.given': 5,
  'PractitionerName.given': 5,
  'Practitioner.roles': 5,
  'Patient.extension': 20,
  'Patient.link': 20,
  'Patient.telecom': 10,
  'StaffUser.memberships': 20,
  // One per staff policy action (graphql/staff-auth.ts); a few dozen at most.
  'StaffMembership.allowedActions': 50,
  'UserProfile.patients': 100,
  'UserProfile.paymentMethods': 20,
  'UserProfile.loyaltyAccounts': 20,
  // Loyalty (issue 8 §11): transactions capped at 100 per query; a visit's transaction has one item.
  'Query.queryLoyaltyTransaction': 100,
  'LoyaltyTransaction.items': 10,
  'Query.queryUpcomingAppointments': 100,
  // Orders (issue 10): a page is at most 50 orders, an order at most 20 documents (ORDER_MAX_DOCUMENTS).
  'ServiceRequestPage.nodes': 50,
  'ServiceRequest.documents': 20,
  'ServiceRequest.documentReferenceIds': 20,
  'ServiceRequest.note': 100,
  'ServiceRequest.events': 100,
  // Video calls (issue 13): the latest events of a call (video.repo CALL_HISTORY_MAX).
  'VideoCommunication.videoCallHistory': 50,
  // Questionnaires (issue 30 §4.9): a page of the hospital's responses (STAFF_RESPONSES_PAGE_MAX).
  'StaffQuestionnaireResponsePage.nodes': 50,
};

/** Rows counted for a list field that {@link listFieldRows} does not name. */
export const defaultListRows = 100;

const limitArguments = new Set(['limit', 'first']);

// Duck-typed schema access: under vitest our files and Mercurius load different copies of graphql,
// so graphql's instanceof-based type predicates would throw on the other copy's types.
type SchemaField = { name: string; type: unknown };
type SchemaType = { name: string; getFields?: () => Record<string, SchemaField> };

function namedTypeOf(type: unknown): SchemaType | null {
  let current = type as { ofType?: unknown } | null | undefined;
  while (current && current.ofType) {
    current = current.ofType;
  }
  return (current as SchemaType | null | undefined) ?? null;
}

function isListField(field: SchemaField): boolean {
  return String(field.type).replace(/!$/, '').startsWith('[');
}

function rowsOf(parent: SchemaType, field: FieldNode): number {
  const declared = listFieldRows[`${parent.name}.${field.name.value}`] ?? defaultListRows;
  for (const argument of field.arguments ?? []) {
    if (limitArguments.has(argument.name.value) && argument.value.kind === Kind.INT) {
      const asked = Number.parseInt(argument.value.value, 10);
      return Math.max(0, Math.min(asked, declared));
    }
  }
  return declared;
}

type Weight = { cost: number; rows: number };

/**
 * Measures each selection set once: a fragment's weight is computed the first time it is spread and
 * reused after (weights are linear in the rows around them), so the work is linear in the document's
 * size however often fragments spread each other. Weights are clamped just above the limits: a
 * clamped weight stays over the limit once multiplied by any row count of 1 or more, and numbers
 * never grow with the document.
 */
class CostMeter {
  private readonly fragmentWeights = new Map<string, Weight>();
  private readonly visiting = new Set<string>();

  constructor(
    private readonly context: ValidationContext,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly limits: CostLimits,
  ) {}

  private clamp(weight: Weight): Weight {
    return {
      cost: Math.min(weight.cost, this.limits.maxCost + 1),
      rows: Math.min(weight.rows, this.limits.maxRows + 1),
    };
  }

  private over(weight: Weight): boolean {
    return weight.cost > this.limits.maxCost || weight.rows > this.limits.maxRows;
  }

  private typeNamed(name: string | undefined, fallback: SchemaType | null): SchemaType | null {
    if (!name) {
      return fallback;
    }
    return (this.context.getSchema().getType(name) as SchemaType | null | undefined) ?? null;
  }

  private fragmentWeight(name: string): Weight {
    const known = this.fragmentWeights.get(name);
    if (known) {
      return known;
    }
    const fragment = this.fragments.get(name);
    // Unknown and cyclic spreads weigh nothing here: graphql's own rules refuse them.
    if (!fragment || this.visiting.has(name)) {
      return { cost: 0, rows: 0 };
    }
    this.visiting.add(name);
    const weight = this.selectionWeight(
      fragment.selectionSet,
      this.typeNamed(fragment.typeCondition.name.value, null),
    );
    this.visiting.delete(name);
    this.fragmentWeights.set(name, weight);
    return weight;
  }

  /**
   * The weight of a selection set under one row of its parent; stops adding once over a limit.
   * @param selectionSet - the selections
   * @param parent - their parent type, null when unknown (introspection, or a field graphql refuses)
   */
  selectionWeight(selectionSet: SelectionSetNode | undefined, parent: SchemaType | null): Weight {
    const total: Weight = { cost: 0, rows: 0 };
    for (const selection of selectionSet?.selections ?? []) {
      let weight: Weight;
      if (selection.kind === Kind.FIELD) {
        weight = this.fieldWeight(selection, parent);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        weight = this.selectionWeight(
          selection.selectionSet,
          this.typeNamed(selection.typeCondition?.name.value, parent),
        );
      } else {
        weight = this.fragmentWeight(selection.name.value);
      }
      total.cost += weight.cost;
      total.rows += weight.rows;
      if (this.over(total)) {
        break;
      }
    }
    return this.clamp(total);
  }

  private fieldWeight(field: FieldNode, parent: SchemaType | null): Weight {
    const definition = parent?.getFields?.()[field.name.value];
    const type = definition ? namedTypeOf(definition.type) : null;
    const rows = definition && parent && isListField(definition) ? rowsOf(parent, field) : 1;
    const listRows = definition && parent && isListField(definition) ? rows : 0;
    if (!field.selectionSet) {
      // A list of scalars adds values (cost), not rows of records.
      return { cost: rows, rows: 0 };
    }
    const inner = this.selectionWeight(field.selectionSet, type);
    return this.clamp({ cost: 1 + rows * inner.cost, rows: listRows + rows * inner.rows });
  }
}

/**
 * Bounds an operation's worst case before anything runs: fields weighted by the rows of the lists
 * they sit in (issue 6 §1), rows of all lists, and aliases of one field.
 * @param limits - the largest cost, row count and alias count one operation may have
 */
export function costLimitRule(limits: CostLimits): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragments.set(definition.name.value, definition);
      }
    }
    const meter = new CostMeter(context, fragments, limits);
    return {
      OperationDefinition(node) {
        const root = context.getSchema().getRootType(node.operation) as
          SchemaType | null | undefined;
        const weight = meter.selectionWeight(node.selectionSet, root ?? null);
        if (weight.cost > limits.maxCost) {
          context.reportError(
            new GraphQLError(
              `ARO-E9000:The request is too complex (more than ${limits.maxCost} fields)`,
            ),
          );
        } else if (weight.rows > limits.maxRows) {
          context.reportError(
            new GraphQLError(
              `ARO-E9000:The request is too complex (more than ${limits.maxRows} rows)`,
            ),
          );
        }
      },
      // Aliases are counted where they are written: one field name, one selection set.
      SelectionSet(node) {
        const keys = new Map<string, Set<string>>();
        for (const selection of node.selections) {
          if (selection.kind !== Kind.FIELD) {
            continue;
          }
          const name = selection.name.value;
          const seen = keys.get(name) ?? new Set<string>();
          seen.add(selection.alias?.value ?? name);
          keys.set(name, seen);
          if (seen.size > limits.maxAliases) {
            context.reportError(
              new GraphQLError(
                `ARO-E9000:The request is too complex (${name} more than ${limits.maxAliases} times)`,
              ),
            );
            break;
          }
        }
      },
    };
  };
}

/** Rejects an operation that names sign-in fields more than once in total (aliases, or a mix). */
export const singleUseRootFieldRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    const counts = new Map<string, number>();
    for (const selection of node.selectionSet.selections) {
      if (selection.kind === Kind.FIELD && singleUseRootFields.has(selection.name.value)) {
        counts.set(selection.name.value, (counts.get(selection.name.value) ?? 0) + 1);
      }
      if (selection.kind !== Kind.FIELD && node.operation === OperationTypeNode.MUTATION) {
        // Fragments at the root of a mutation could hide repeated sign-in fields.
        context.reportError(new GraphQLError('ARO-E2002:The request is not valid'));
        return;
      }
    }
    const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
    if (total > 1) {
      const fields = [...counts.keys()];
      context.reportError(
        new GraphQLError(
          fields.length === 1
            ? `ARO-E2002:The request is not valid (${fields[0] ?? ''} more than once)`
            : `ARO-E2002:The request is not valid (more than one sign-in field: ${fields.join(', ')})`,
        ),
      );
    }
  },
});

/** What a NUL in any text input answers: PostgreSQL cannot store it, so it is the client's error. */
export const nulTextMessage = 'ARO-E2002:Text must not contain NUL characters';

/** Refuses string literals holding NUL (written as \u0000 in the query), before anything runs. */
export const noNulTextRule: ValidationRule = (context) => ({
  StringValue(node) {
    if (node.value.includes('\u0000')) {
      context.reportError(new GraphQLError(nulTextMessage, { nodes: node }));
    }
  },
});

/**
 * Whether variables hold NUL in any string, however deep (JSON-parsed POST variables, or the GET
 * query parameter's JSON text, where NUL can only be written as an escape).
 * @param variables - the request's variables
 */
export function variablesHoldNul(variables: unknown): boolean {
  if (typeof variables === 'string') {
    return variables.includes('\u0000') || /\\u0000/i.test(variables);
  }
  const pending: unknown[] = [variables];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) {
        return true;
      }
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) {
          return true;
        }
        pending.push(inner);
      }
    }
  }
  return false;
}

/**
 * Refuses introspection (`__schema`, `__type`; `__typename` stays allowed).
 * Judged by field name rather than graphql's NoSchemaIntrospectionCustomRule, whose type checks
 * break when two copies of graphql meet (vitest loads the ESM build for our files while Mercurius
 * uses the CommonJS one) and then let introspection through.
 */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    if (node.name.value === '__schema' || node.name.value === '__type') {
      context.reportError(
        new GraphQLError(
          `GraphQL introspection is not allowed, but the query contained ${node.name.value}.`,
        ),
      );
    }
  },
});

/**
 * The extra validation rules: cost, rows and aliases limits and single-use sign-in fields always, no
 * introspection in production. HTTP and the websocket run the same rules.
 * @param options - production flag and the limits
 */
export function graphqlValidationRules(
  options: { production: boolean } & CostLimits,
): ValidationRule[] {
  const rules: ValidationRule[] = [costLimitRule(options), singleUseRootFieldRule, noNulTextRule];
  if (options.production) {
    rules.push(noIntrospectionRule);
  }
  return rules;
}
