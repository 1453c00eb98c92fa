export { Button, type ButtonProps, type ButtonVariant } from './button.tsx';
export { TextField, type TextFieldProps } from './text-field.tsx';
export { Alert, type AlertTone } from './alert.tsx';
export { PageHeading, type PageHeadingProps } from './page-heading.tsx';
export {
  useDialogFocus,
  useModalDialog,
  wrapTabFocus,
  dialogFocusables,
  type DialogFocusOptions,
  type DialogFocusReturn,
  type ModalDialogOptions,
} from './dialog-focus.ts';
