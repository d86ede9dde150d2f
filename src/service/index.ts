/**
 * babylon-menagerie/service: the Node-only reference lookup service. Filled by the reference
 * service issue; nothing is exported yet.
 */
export {};
