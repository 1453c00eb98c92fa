// `npm run i18n:ids`: writes src/<dir>/message-ids.ts (the typed ids) from each catalogue's en.po.
import fs from 'node:fs';
import path from 'node:path';
import { compileCatalogue, catalogueFile, readCatalogue } from '../src/catalogue-files.ts';
import { catalogueSets } from '../src/catalogue-sets.ts';
import { messageIdsSource } from '../src/message-ids-source.ts';

for (const { dir, idType } of catalogueSets) {
  const english = compileCatalogue(readCatalogue(dir, 'en'));
  const file = path.join(path.dirname(catalogueFile(dir, 'en')), 'message-ids.ts');
  fs.writeFileSync(file, messageIdsSource(dir, idType, english));
  console.log(`wrote ${path.relative(process.cwd(), file)} (${Object.keys(english).length} ids)`);
}
