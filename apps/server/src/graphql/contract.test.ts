import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractPrintCommand, contractSchemaFile, printContractSchema } from './contract.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('schema.graphql (issue 7 §5: one typed contract)', () => {
  it('is the schema the server serves; run the print command when this fails', () => {
    const committed = fs.readFileSync(path.join(rootDir, contractSchemaFile), 'utf8');
    const printed = printContractSchema();
    expect(
      committed,
      `${contractSchemaFile} is stale: run \`${contractPrintCommand}\` and commit the result`,
    ).toBe(printed);
  });
});
