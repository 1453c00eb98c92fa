// A catalogue's PO file, imported by a module: @lingui/vite-plugin compiles it (lingui.config.ts).
// Modules that import one reference this file, so that every app's type check knows the shape.
declare module '*.po' {
  import type { Messages } from '@lingui/core';

  /** The catalogue's messages, compiled for the Lingui runtime. */
  export const messages: Messages;
}
