import { MAX_PASSWORD_LENGTH } from '../password';

/** Spec §5 (Forgot/Reset/Change password, Profile) and §8 Passwords, verbatim where the spec gives them. */
export const ACCOUNT_MSG = {
  forgot: {
    emailRequired: 'Email address is required',
    emailInvalid: 'Please enter a valid email address',
    /** The same body for known and unknown emails. */
    sent: 'If an account exists for this email, a reset link has been sent.',
    tooMany: 'Too many password reset requests. Please wait a few minutes and try again.',
    successToast: 'Reset Email Sent! Please check your email inbox for the password reset link.',
    failedTitle: 'Email Send Failed',
    failedDefault: 'Failed to send reset email. Please try again.',
  },
  reset: {
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 8 characters long',
    confirmRequired: 'Please confirm your password',
    confirmMin: 'Confirm password must be at least 8 characters long',
    mismatch: 'Passwords do not match',
    invalidToken: 'This reset link is invalid or has expired. Please request a new one.',
    success: 'Your password has been reset successfully. You can now sign in with your new password.',
    failedTitle: 'Password Update Failed',
    failedDefault: 'Failed to update password. Please try again.',
  },
  change: {
    currentRequired: 'Current password is required',
    newRequired: 'New password is required',
    newMin: 'New password must be at least 8 characters long',
    confirmRequired: 'Confirm password is required',
    confirmMin: 'Confirm password must be at least 8 characters long',
    mismatch: 'Confirm Password and New Password must match',
    currentIncorrect: 'Current password is incorrect.',
    sameAsCurrent: 'The new password must be different from your current password.',
    tooMany: 'Too many incorrect password attempts. Please wait a few minutes and try again.',
    success: 'Your account password has been changed successfully.',
    sessionExpired: 'Your session has expired. Please log in again.',
    failedDefault: 'An error occurred while changing your password.',
  },
  password: {
    tooLong: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
    tooCommon: 'This password is too common. Please choose a less predictable one.',
  },
  profile: {
    usernameRequired: 'Username is required',
    usernameTooLong: 'Username must be at most 100 characters long',
    emailRequired: 'Email is required',
    emailInvalid: 'Please enter a valid email address',
    emailTaken: 'A user with this email already exists.',
    updated: 'Data Updated Successfully',
    updateFailed: 'Data Update Unsuccessful',
    notFound: 'User data not found. Please log in again.',
  },
  upload: {
    fileRequired: 'Please choose an image file to upload.',
    badType: 'Only PNG, JPEG or WebP images are allowed.',
    tooLarge: 'The image is too large. The maximum size is 5 MB.',
    profileUpdated: 'Profile Image Updated',
    companyUpdated: 'Company Image Updated',
    companyNotFound: 'Company not found',
  },
} as const;
