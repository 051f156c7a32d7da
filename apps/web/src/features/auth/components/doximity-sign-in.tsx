import { buttonClasses } from '@medhire/ui/button.tsx';
import { useEffect, useState } from 'react';
import { oidcConfigApi } from '../api/oidc-config-api.ts';

/**
 * "Sign in with Doximity", shown only when the server says professional-network sign-in is
 * configured. Any failure to ask (404 on a server without it, network trouble) hides it
 * silently: e-mail sign-in still works.
 */
export function DoximitySignIn() {
  const [authorizeUrl, setAuthorizeUrl] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    oidcConfigApi
      .get(controller.signal)
      .then((config) => {
        if (config.enabled && config.authorizeUrl) setAuthorizeUrl(config.authorizeUrl);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  if (!authorizeUrl) return null;
  return (
    <div className="auth-network">
      <p className="auth-network__divider">or</p>
      <a className={buttonClasses({ variant: 'secondary', size: 'lg', isBlock: true })} href={authorizeUrl}>
        Sign in with Doximity
      </a>
    </div>
  );
}
