/// <reference types="../po-modules.d.ts" />
import type { Messages } from '@lingui/core';
import { messages as create } from './create/si.po';
import { messages as lists } from './lists/si.po';
import { messages as payment } from './payment/si.po';
import { messages as view } from './view/si.po';

/** The order screens' Sinhala texts: the four parts' PO files, compiled on import, in one chunk. */
export const messages: Messages = { ...create, ...view, ...lists, ...payment };
