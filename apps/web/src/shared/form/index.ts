// Form building blocks of the feature screens. Kept apart from shared/ui, which the app shell loads up
// front: react-hook-form and these components stay in the screens' lazy chunks.
export { CopyButton, copyText, type CopyButtonProps } from './CopyButton';
export { CopyableTextInput, type CopyableTextInputProps } from './CopyableTextInput';
export { RevealPasswordInput } from './RevealPasswordInput';
export { FormModal, type FormModalProps } from './FormModal';
export { showErrorModal } from './errorModal';
export { useSchemaForm } from './useSchemaForm';
export { SaveButton } from './SaveButton';
export { PasswordChecklistView, PasswordStrengthMeter } from './PasswordRequirements';
