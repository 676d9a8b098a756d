/**
 * Serialises every change of roles (the Staff tab's and the admin CLI's): the last-owner rule counts owners, and two
 * owners demoting each other at once must not both see the other still there. A transaction-scoped PostgreSQL
 * advisory lock on this constant (any number of our own).
 */
export const STAFF_LOCK = 7_300_001;
