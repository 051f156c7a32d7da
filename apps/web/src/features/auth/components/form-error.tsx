import { Alert } from '../../../components/ui/alert.tsx';

/** A refusal from the server, shown above the form it belongs to. */
export function FormError({ id, title, message }: { id: string; title: string; message: string | null }) {
  if (!message) return null;
  return (
    <div id={id}>
      <Alert variant="danger" title={title}>
        {message}
      </Alert>
    </div>
  );
}
