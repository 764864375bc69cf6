/** The most tenants POST /__admin/tenants makes between two resets (or since the start): each is stored, and the
 * admin page lists every account. */
export const MAX_TENANTS = 1_000;
