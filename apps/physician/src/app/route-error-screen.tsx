import { Button } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';

export function RouteErrorScreen() {
  return (
    <main className="shell__main">
      <EmptyState
        headingLevel={1}
        title="This page did not load"
        description="Check your connection and try again."
        action={<Button onClick={() => window.location.reload()}>Reload</Button>}
      />
    </main>
  );
}
