import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueFile, compileCatalogue, readCatalogue } from './catalogue-files.ts';
import { catalogueSets } from './catalogue-sets.ts';
import { englishPrecedence, messageIdsSource } from './message-ids-source.ts';

describe('typed message ids', () => {
  it.each(catalogueSets)(
    '$dir/message-ids.ts holds exactly the ids of $dir/en.po (run `npm run i18n:ids` after editing it)',
    ({ dir, idType }) => {
      const file = path.join(path.dirname(catalogueFile(dir, 'en')), 'message-ids.ts');
      expect(fs.readFileSync(file, 'utf8')).toBe(
        messageIdsSource(dir, idType, compileCatalogue(readCatalogue(dir, 'en'))),
      );
    },
  );

  it('englishPrecedence: every template and every id whose text another shares, in the catalogue’s order', () => {
    const english = compileCatalogue({
      'a.pay': 'Pay {amount}',
      'a.plain': 'Plain',
      'a.close': 'Close',
      'a.count': '{count, plural, one {# item} other {# items}}',
      'b.close': 'Close',
      'b.hint': 'Pay by card at {gateway}',
    });
    expect(englishPrecedence(english)).toEqual(['a.pay', 'a.close', 'b.close', 'b.hint']);
  });
});
