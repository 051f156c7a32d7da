import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { useState } from 'react';
import { currentBrowserTraits, INSTALL_CARD_DISMISSED_KEY, shouldCoachInstall } from './install-coaching.ts';
import './add-to-home-screen-card.css';

function isDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_CARD_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** `isRequired`: shown where notifications are asked for, which on an iPhone need it, even once dismissed. */
export function AddToHomeScreenCard({ isRequired = false }: { isRequired?: boolean }) {
  const [isVisible, setIsVisible] = useState(
    () => (isRequired || !isDismissed()) && shouldCoachInstall(currentBrowserTraits()),
  );
  if (!isVisible) return null;

  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_CARD_DISMISSED_KEY, '1');
    } catch {
      // Storage off: the card comes back next visit, which is acceptable.
    }
    setIsVisible(false);
  };

  return (
    <Card className="install-card" aria-labelledby="install-card-title">
      <h2 id="install-card-title" className="install-card__title">
        Add MedHire to your Home Screen
      </h2>
      <p className="install-card__text">
        It opens full screen like an app, and it is how your iPhone lets MedHire tell you about new messages
        and invites.
      </p>
      <ol className="install-card__steps">
        <li>
          Tap <strong>Share</strong> (the square with an arrow) in Safari's toolbar.
        </li>
        <li>
          Choose <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
        </li>
      </ol>
      {!isRequired && (
        <Button variant="secondary" size="sm" onClick={dismiss}>
          Not now
        </Button>
      )}
    </Card>
  );
}
