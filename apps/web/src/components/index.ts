export { Button, type ButtonProps, type ButtonVariant } from './button.tsx';
export { TextInput, type TextInputProps } from './text-input.tsx';
export { Modal, type ModalProps } from './modal.tsx';
export { Spinner } from './spinner.tsx';
export { ToastProvider, useToast, type ToastKind } from './toast.tsx';
export { GenericErrorScreen } from './error-screens.tsx';
export { LoadingScreen } from './loading-screen.tsx';
export { HistoryBottomBar } from './history-bottom-bar.tsx';
export { LanguageSwitch, type LanguageSwitchProps } from './language-switch.tsx';
