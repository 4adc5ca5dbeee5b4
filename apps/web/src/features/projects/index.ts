// The project card, shown by every list of projects.
export {
  ConnectedProjectCard,
  ProjectCard,
  type ProjectCardData,
  type ProjectCardProps,
} from './project-card';
