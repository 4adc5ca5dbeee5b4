// The project page: the project's own content, with places for the parts the route composes from other
// features (donations, the owner's actions, checking in).
export { PROJECT_TEXT, ProjectPage, type ProjectPageParts, type ProjectView } from './project-page';
