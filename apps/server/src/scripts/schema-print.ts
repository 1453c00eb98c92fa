// `npm run schema:print -w @careline/server` (the root `npm run schema:print` runs this, then the
// contract package's introspection step): writes the Pothos schema, sorted, to schema.graphql at the
// repository root. The server needs no database or environment for this.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractSchemaFile, printContractSchema } from '../graphql/contract.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const target = path.join(rootDir, contractSchemaFile);
fs.writeFileSync(target, printContractSchema());
console.log(`wrote ${path.relative(process.cwd(), target) || contractSchemaFile}`);
