import ArrowLeft from 'lucide-react/icons/arrow-left';
import { ButtonLink } from '../components/ui/button';
import { PageContainer, PageHeader } from '../components/ui/page';
import { SettingsPanel } from '../features/account/settings-panel';
import { useDocumentTitle } from '../lib/use-document-title';

export default function SettingsScreen() {
  useDocumentTitle('Settings');
  return (
    <PageContainer width="medium">
      <ButtonLink
        to="/my-projects"
        variant="ghost"
        size="sm"
        className="-ml-3 mb-4"
        icon={<ArrowLeft aria-hidden="true" className="size-4" />}
      >
        Back to My Projects
      </ButtonLink>
      <PageHeader title="Settings" lead="Your public username and the timezone your check-ins follow." />
      <SettingsPanel />
      <section
        aria-labelledby="settings-money"
        className="mt-8 rounded-card border border-slate-200 bg-white p-5 shadow-card"
      >
        <h2 id="settings-money" className="text-lg font-semibold text-slate-900">
          Money
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every charge, refund and payout of yours, with a receipt for each payment.
        </p>
        <ButtonLink to="/money" variant="secondary" size="sm" className="mt-3">
          Money history
        </ButtonLink>
      </section>
    </PageContainer>
  );
}
