export { MyHistory, ProfileHistory, ProjectHistory } from './history-panel';
