import { OFFLINE_MESSAGE } from '../lib/http.ts';
import { useIsOnline } from '../lib/use-is-online.ts';
import './offline-banner.css';

/**
 * Says so while the browser has no network, on every page, and goes away when it is back: the
 * status region is always there so the change is announced.
 */
export function OfflineBanner() {
  const isOnline = useIsOnline();
  return (
    <div className="offline-banner" role="status">
      {!isOnline && <p className="offline-banner__text">{OFFLINE_MESSAGE}</p>}
    </div>
  );
}
