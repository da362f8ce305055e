/**
 * Participant attributes we set on every LiveKit token we mint, so that webhooks and play-token
 * checks can tell which app a participant belongs to and what it is there for.
 */
export const ATTR_APP = "service.app";
export const ATTR_ROLE = "service.role";
