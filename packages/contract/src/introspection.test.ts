import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractFiles, contractPrintCommand, introspectionFileFor } from './introspection.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(rootDir, file), 'utf8');

describe('graphql-env.d.ts (issue 7 §5: the web apps are typed from schema.graphql)', () => {
  it('is generated from the committed schema.graphql; run the print command when this fails', () => {
    expect(
      read(contractFiles.introspection),
      `${contractFiles.introspection} is stale: run \`${contractPrintCommand}\` and commit the result`,
    ).toBe(introspectionFileFor(read(contractFiles.schema)));
  });

  it('changes when the schema gains a field', () => {
    const sdl = read(contractFiles.schema);
    const grown = sdl.replace('type Query {', 'type Query {\n  contractProbe: String');
    expect(grown).not.toBe(sdl);
    expect(introspectionFileFor(grown)).toContain("'contractProbe'");
    expect(introspectionFileFor(sdl)).not.toContain("'contractProbe'");
  });
});
