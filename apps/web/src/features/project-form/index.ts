// The fields shared by the forms that describe a project (Create New Project, Edit Project).
export { ProjectDescriptionField, ProjectTitleField, type ProjectTextValues } from './fields';
