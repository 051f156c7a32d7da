import { describe, expect, it } from 'vitest';
import { renderSignInPage } from '../sign-in-entry.tsx';

/** Parses prerendered markup the way the browser will show it before the app runs. */
function parse(markup: string): Document {
  const document = new DOMParser().parseFromString(`<body>${markup}</body>`, 'text/html');
  return document;
}

describe('the prerendered sign-in page', () => {
  it('is the signed-out sign-in screen inside the auth layout, not a loading screen', async () => {
    const markup = await renderSignInPage('/signIn');
    const page = parse(markup);

    expect(page.querySelector('h1')?.textContent).toBe('Sign in to MedHire');
    expect(page.querySelector('.auth-layout')).not.toBeNull();
    expect(page.querySelector('.full-page-loader')).toBeNull();
    const email = page.querySelector<HTMLInputElement>('input[name="email"]');
    const password = page.querySelector<HTMLInputElement>('input[name="password"]');
    expect(email?.type).toBe('email');
    expect(password?.type).toBe('password');
    expect(page.querySelector(`label[for="${email?.id}"]`)?.textContent).toBe('Email address');
    expect(page.querySelector('a[href="/register"]')).not.toBeNull();
  });

  it('hoists the screen title in front of the markup, for the document head', async () => {
    expect(await renderSignInPage('/signIn')).toMatch(/^<title>Sign in · MedHire<\/title>/);
  });

  it('carries no script, which the content security policy would block', async () => {
    expect(await renderSignInPage('/signIn')).not.toMatch(/<script/i);
  });

  it('is the same page at / and at /signIn, so one file serves both', async () => {
    expect(await renderSignInPage('/')).toBe(await renderSignInPage('/signIn'));
  });
});
