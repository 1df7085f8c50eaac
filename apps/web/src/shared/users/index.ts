// Pieces of the user screens that the users, companies and my-company features share.
export { AddUserButton } from './AddUserButton';
export { ADD_USER_TEXTS } from './addUserTexts';
export { UserDetailLayout, type UserDetailLayoutProps } from './UserDetailLayout';
