/// <reference types="../po-modules.d.ts" />
import type { Messages } from '@lingui/core';
import { messages as create } from './create/ta.po';
import { messages as lists } from './lists/ta.po';
import { messages as payment } from './payment/ta.po';
import { messages as view } from './view/ta.po';

/** The order screens' Tamil texts: the four parts' PO files, compiled on import, in one chunk. */
export const messages: Messages = { ...create, ...view, ...lists, ...payment };
