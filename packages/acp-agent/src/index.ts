export { type AcpAgentOptions, type AcpStdio, createAcpAgent, DEFAULT_GRACE_MS, serveAcpAgent } from './acp-agent.js';
export { AGENT_IDS, type AgentId, isAgentId, UnknownAgentError } from './agents.js';
export { VERSION } from './version.js';
