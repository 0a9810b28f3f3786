package io.relaymq.integration.model;

/** What an executor is doing with one integration, as its status record reports it. */
public enum IntegrationState {
    /** The target is open and the last delivery (if any) succeeded. */
    ACTIVE,
    /** A delivery failed in a way that may pass; the message is being tried again. */
    RETRYING,
    /** The configuration was refused or the target could not be opened; messages wait and are retried. */
    FAILED_TO_START,
    /** The integration is disabled; its messages are skipped. */
    DISABLED
}
