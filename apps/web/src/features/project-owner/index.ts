// The owner's actions on a project page: the edit and delete dialogs, loaded when first needed. (My
// Projects is a screen: its route imports it.)
export const loadEditProjectDialog = () => import('./edit-project-dialog');
export const loadDeleteProjectDialog = () => import('./delete-project-dialog');
export const loadEndProjectDialog = () => import('./end-project-dialog');
export { usePause } from './api';
export { PausePeriods } from './pause-periods';
