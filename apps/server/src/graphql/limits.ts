import {
  GraphQLError,
  Kind,
  OperationTypeNode,
  type ASTVisitor,
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

function selectionCost(
  selectionSet: SelectionSetNode | undefined,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (!selectionSet) {
    return 0;
  }
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += 1 + selectionCost(selection.selectionSet, fragments, seen);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      cost += selectionCost(selection.selectionSet, fragments, seen);
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (fragment && !seen.has(name)) {
        seen.add(name);
        cost += selectionCost(fragment.selectionSet, fragments, seen);
        seen.delete(name);
      }
    }
  }
  return cost;
}

/**
 * Rejects operations whose selected field count (fragments expanded) is over the limit.
 * @param maxCost - the largest number of fields one operation may select
 */
export function costLimitRule(maxCost: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragments[definition.name.value] = definition;
      }
    }
    return {
      OperationDefinition(node) {
        const cost = selectionCost(node.selectionSet, fragments, new Set());
        if (cost > maxCost) {
          context.reportError(
            new GraphQLError(
              `ARO-E9000:The request is too complex (${cost} fields, at most ${maxCost})`,
            ),
          );
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
 * The extra validation rules: cost limit and single-use sign-in fields always, no introspection in production.
 * @param options - production flag and the cost limit
 */
export function graphqlValidationRules(options: {
  production: boolean;
  maxCost: number;
}): ValidationRule[] {
  const rules: ValidationRule[] = [costLimitRule(options.maxCost), singleUseRootFieldRule];
  if (options.production) {
    rules.push(noIntrospectionRule);
  }
  return rules;
}
