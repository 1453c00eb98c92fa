// `npm run introspection:print -w @careline/contract` (run by the root `npm run schema:print` after the
// server printed schema.graphql): writes the gql.tada introspection types the web apps are typed from.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractFiles, introspectionFileFor } from '../introspection.ts';

const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const sdl = fs.readFileSync(path.join(rootDir, contractFiles.schema), 'utf8');
fs.writeFileSync(path.join(rootDir, contractFiles.introspection), introspectionFileFor(sdl));
console.log(`wrote ${contractFiles.introspection}`);
