/** The agent's version (kept equal to package.json's by a test), printed by `vahub-agent --version`. */
export const AGENT_VERSION = '0.1.0';
