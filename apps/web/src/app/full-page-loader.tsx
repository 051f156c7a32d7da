import { Spinner } from '@medhire/ui/spinner.tsx';
import './full-page-loader.css';

export function FullPageLoader() {
  return (
    <div className="full-page-loader">
      <Spinner size="lg" label="Loading MedHire" />
    </div>
  );
}
