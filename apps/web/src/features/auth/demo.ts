/**
 * The password every demo account shares (`npm run demo`). The API never sends a password; the sign-in page
 * knows the demo's one and offers it only when the realm says the installation is a demo.
 */
export const DEMO_PASSWORD = 'demo12345';
