// The new-password part of the change password, reset password and invitation forms.
export { NewPasswordFields, type NewPasswordFieldsProps } from './NewPasswordFields';
