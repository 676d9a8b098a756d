/**
 * The step-up of sensitive actions (docs/staff-and-permissions.md "Two-factor sign-in"): the API answers FORBIDDEN with
 * `extensions.reason: SECOND_FACTOR_REQUIRED` when the session's last second-factor check is over 10 minutes old.
 * The Apollo link (apollo/client.ts) reports each such answer here; the admin panel's StepUpDialog listens and asks
 * for a code (confirmSecondFactor), after which the action can be repeated.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export const stepUp = {
  /** Subscribes; returns the unsubscribe. */
  onRequired(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  required(): void {
    for (const listener of listeners) listener();
  },
};
