import { TransparencyPage } from '../features/transparency/transparency-page';
import { useDocumentTitle } from '../lib/use-document-title';

export default function TransparencyScreen() {
  useDocumentTitle('Transparency');
  return <TransparencyPage />;
}
