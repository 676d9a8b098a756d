/**
 * The browser's side of passkeys (docs/staff-and-permissions.md "Passkeys"): the API sends WebAuthn options as JSON and
 * takes the authenticator's answer as JSON; @simplewebauthn/browser turns one into navigator.credentials calls and the
 * other back. A prompt the person closed is not an error worth a toast of its own: it answers `cancelled`.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { PASSKEY_MESSAGES } from '../../../common/passkeys';

export type PasskeyOutcome = { response: string } | { cancelled: true } | { error: string };

export const PASSKEY_BROWSER_MESSAGES = {
  unsupported: 'This browser cannot use passkeys. Use another way to sign in, or another browser.',
  cancelled: 'The passkey prompt was closed before it finished.',
  failed: 'The passkey could not be used. Try again, or use another way to sign in.',
} as const;

/** Whether this browser has WebAuthn at all (the passkey buttons are hidden otherwise). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && browserSupportsWebAuthn();

async function run(prompt: () => Promise<unknown>): Promise<PasskeyOutcome> {
  if (!passkeysSupported()) return { error: PASSKEY_BROWSER_MESSAGES.unsupported };
  try {
    return { response: JSON.stringify(await prompt()) };
  } catch (error) {
    // NotAllowedError: closed, timed out, or no passkey chosen; the browser does not tell these apart on purpose.
    if (
      (error as { name?: string }).name === 'NotAllowedError' ||
      (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED'
    )
      return { cancelled: true };
    if ((error as { name?: string }).name === 'InvalidStateError') return { error: PASSKEY_MESSAGES.alreadyAdded };
    return { error: PASSKEY_BROWSER_MESSAGES.failed };
  }
}

/** Creates a passkey for the API's registration options (JSON); the answer for addPasskey. */
export function createPasskey(optionsJson: string): Promise<PasskeyOutcome> {
  return run(() =>
    startRegistration({ optionsJSON: JSON.parse(optionsJson) as PublicKeyCredentialCreationOptionsJSON }),
  );
}

/** Signs the API's authentication options (JSON) with a passkey; the answer for the sign-in or step-up mutation. */
export function signWithPasskey(optionsJson: string): Promise<PasskeyOutcome> {
  return run(() =>
    startAuthentication({ optionsJSON: JSON.parse(optionsJson) as PublicKeyCredentialRequestOptionsJSON }),
  );
}
