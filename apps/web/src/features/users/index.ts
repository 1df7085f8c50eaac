// The users feature as the companies and my-company screens use it.
export { usersApi, usersKeys } from './api';
export { useOrgLiveRefresh } from './useOrgLiveRefresh';
export { useCompanyOptions } from './useCompanyOptions';
export { useCreateUser, useDeleteUsers, useUpdateUser, type DeleteUsersTexts } from './mutations';
export { AddUserModal, passwordOrInvite } from './components/AddUserModal';
export type { AddUserModalProps, AddUserModalTexts, AddUserValues } from './components/AddUserModal';
export { UserDetailForm } from './components/UserDetailForm';
export type { UserDetailFormProps } from './components/UserDetailForm';
export { InvitationActions } from './components/InvitationActions';
