// The spec's own texts (§2, §5, §8), word for word, so the server and the web app say the same thing.
// Rule-specific messages live with their rules (USERNAME_MESSAGES, MONEY_MESSAGES, …).

export const MESSAGES = {
  generic: 'An unexpected error occurred. Please try again later.',
  tryAgain: 'An error occurred. Please try again.',
  networkError: 'Network error. Please try again.',
  signupRequired: 'Email, password, and username are required.',
  loginRequired: 'Email and password are required.',
  passwordResetSent:
    'Password reset email sent! Please check your inbox and follow the instructions to reset your password.',
  resetProcessingError: 'An error occurred while processing the reset link.',
  passwordResetSuccess: 'Password Reset Successful!',
  newsletterSuccess: 'Successfully subscribed! Check your email for confirmation.',
  newsletterFailed: 'Failed to subscribe. Please try again.',
  paymentIntentFailed: 'Failed to create payment intent',
  paymentDetailsFailed: 'Failed to collect payment details',
  paymentProcessingFailed: 'An error occurred while processing your payment',
  paymentFormError: 'An error occurred with the payment form',
  paymentFailed: 'An error occurred during payment',
  uploadUnexpected: 'An unexpected error occurred during upload.',
  deleteUnexpected: 'An unexpected error occurred during deletion.',
  deleteAlert: 'Failed to delete project. Please try again.',
  deleteNotEnded: 'A project can be deleted only after its end date has passed.',
  checkInEnded: 'This project has ended. Check-ins are closed.',
  editFailed: 'Failed to update project. Please try again.',
  timezoneFetchFailed: 'Failed to fetch user timezone settings',
  projectIdMissing: 'Project ID not found',
  projectNotFoundTitle: 'Project Not Found',
  projectNotFoundText: 'The project you are looking for does not exist.',
  noProjectsMatching: 'No projects found matching your filters. Try adjusting your search criteria.',
  noProjectsInCategory: 'No projects in this category yet.',
  userNotFoundTitle: 'User Not Found',
  userNotFound: 'User not found',
  usernameRequired: 'Username is required',
  loadProjectsFailed: 'Failed to load projects',
  loadProfileFailed: 'Failed to load user profile',
  createProfileFailed: 'Failed to create user profile',
  loadSettingsFailed: 'Failed to load user settings',
  updateTimezoneFailed: 'Failed to update timezone',
  updateUsernameFailed: 'Failed to update username',
  usernameUpdated: 'Username updated successfully!',
  invalidTimezone: 'Please choose a timezone from the list.',
  notSignedIn: 'You must be logged in to do that.',
  notOwner: 'Only the project owner can do that.',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
} as const;

/** 'Timezone updated to {label}'. */
export const timezoneUpdatedMessage = (label: string): string => `Timezone updated to ${label}`;
/** 'Failed to fetch projects: {message}'. */
export const fetchProjectsFailedMessage = (message: string): string => `Failed to fetch projects: ${message}`;
/** 'Failed to create project: {message}'. */
export const createProjectFailedMessage = (message: string): string => `Failed to create project: ${message}`;
/** 'Failed to save payment information: {message}'. */
export const savePaymentFailedMessage = (message: string): string =>
  `Failed to save payment information: ${message}`;
/** 'Upload failed: {message}'. */
export const uploadFailedMessage = (message: string): string => `Upload failed: ${message}`;
/** 'Delete failed: {message}'. */
export const deleteFailedMessage = (message: string): string => `Delete failed: ${message}`;
/** 'Project not found: {message}'. */
export const projectNotFoundMessage = (message: string): string => `Project not found: ${message}`;
/** 'An error occurred while loading the project: {message}'. */
export const projectLoadErrorMessage = (message: string): string =>
  `An error occurred while loading the project: ${message}`;
/** 'The user "{username}" does not exist.' */
export const userDoesNotExistMessage = (username: string): string => `The user "${username}" does not exist.`;
/** 'Are you sure you want to delete "{title}"? This action cannot be undone.' */
export const deleteConfirmMessage = (title: string): string =>
  `Are you sure you want to delete "${title}"? This action cannot be undone.`;
/** '{n} project found' / '{n} projects found'. */
export const projectsFoundMessage = (count: number): string =>
  `${count} ${count === 1 ? 'project' : 'projects'} found`;
/** 'X of Y projects found'. */
export const filterCountMessage = (shown: number, total: number): string =>
  `${shown} of ${total} projects found`;
