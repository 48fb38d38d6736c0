export { ProjectTrust, trustedProjectsFile, type ProjectTrustDecision, type ProjectTrustOptions, type ProjectTrustRequest } from './project-trust';
