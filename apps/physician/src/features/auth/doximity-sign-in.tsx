import { buttonClasses } from '@medhire/ui/button.tsx';
import { useGetOidcConfigQuery } from './auth-api.ts';

/**
 * "Continue with Doximity", shown only when the server says professional-network sign-in is
 * configured. Any failure to ask (a server without it, network trouble) hides it silently:
 * e-mail sign-in still works. The same button signs up a new physician and signs in a known one.
 */
export function DoximitySignIn() {
  const { data: config } = useGetOidcConfigQuery();
  if (!config?.enabled || !config.authorizeUrl) return null;
  return (
    <div className="auth-network">
      <p className="auth-network__divider">or</p>
      {/* A whole-page visit: the server sends the browser on to Doximity. */}
      <a
        className={buttonClasses({ variant: 'secondary', size: 'lg', isBlock: true })}
        href={config.authorizeUrl}
      >
        Continue with {config.providerName}
      </a>
    </div>
  );
}
