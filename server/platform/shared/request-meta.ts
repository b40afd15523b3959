/** What the services learn about the request that reached them, for the audit log and the security events. */
export interface RequestMeta {
  /** The client's IP address as the socket saw it (no proxy header is trusted), or null when unknown. */
  ipAddress: string | null;
  /** The `User-Agent` header, or null when absent. */
  userAgent: string | null;
}
