/// <reference types="../po-modules.d.ts" />
import type { Messages } from '@lingui/core';
import { messages as create } from './create/en.po';
import { messages as lists } from './lists/en.po';
import { messages as payment } from './payment/en.po';
import { messages as view } from './view/en.po';

/** The order screens' English texts: the four parts' PO files, compiled on import, in one chunk. */
export const messages: Messages = { ...create, ...view, ...lists, ...payment };
