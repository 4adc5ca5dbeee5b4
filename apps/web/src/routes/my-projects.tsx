import { useQuery } from '@tanstack/react-query';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import { ButtonLink } from '../components/ui/button';
import { PageContainer } from '../components/ui/page';
import { MyHistory } from '../features/history';
import { myProjectsQuery } from '../features/project-owner/api';
import { MyProjects } from '../features/project-owner/my-projects';
import { useDocumentTitle } from '../lib/use-document-title';

export default function MyProjectsScreen() {
  useDocumentTitle('My Projects');
  const projects = useQuery(myProjectsQuery());
  return (
    <PageContainer>
      <MyProjects />
      <ButtonLink
        to="/settings#calendar"
        variant="secondary"
        className="mt-6"
        icon={<CalendarPlus aria-hidden="true" className="size-4" />}
      >
        Add to calendar
      </ButtonLink>
      <MyHistory shown={projects.isSuccess} />
    </PageContainer>
  );
}
