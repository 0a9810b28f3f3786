package io.relaymq.integration.model;

import java.time.Duration;
import java.util.UUID;

/**
 * What one executor instance reports about one integration, on the compacted status topic (default
 * {@code relaymq.integration.status}, key {@code <integrationId>/<executorId>}, see
 * {@link IntegrationStatusRecords}). Counts are since the executor started; times are epoch millis, 0 = never.
 *
 * @param integrationId the integration
 * @param executorId    the executor instance that reports
 * @param name          the integration's name when the status was taken
 * @param type          the integration's type
 * @param state         what the executor is doing with it
 * @param delivered     messages the target accepted
 * @param retried       attempts that failed and were tried again
 * @param deadLettered  messages sent to the dead-letter topic
 * @param skipped       messages dropped because the integration was disabled or removed
 * @param lastError     the last error, at most {@value #MAX_ERROR_CHARS} characters; null when none
 * @param lastErrorAt   when it happened
 * @param lastSuccessAt when the last message was delivered
 * @param updatedAt     when this status was taken
 */
public record IntegrationStatus(
        UUID integrationId,
        String executorId,
        String name,
        IntegrationType type,
        IntegrationState state,
        long delivered,
        long retried,
        long deadLettered,
        long skipped,
        String lastError,
        long lastErrorAt,
        long lastSuccessAt,
        long updatedAt) {

    public static final int MAX_ERROR_CHARS = 1024;

    /**
     * How often an executor writes every status again, changed or not: a status whose {@code updatedAt} stops
     * moving belongs to an executor that is gone.
     */
    public static final Duration RESTATED_EVERY = Duration.ofSeconds(30);

    public IntegrationStatus {
        lastError = cap(lastError, MAX_ERROR_CHARS);
    }

    /** {@code text} cut to {@code max} characters (an ellipsis marks a cut); null stays null. */
    public static String cap(String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        return text.substring(0, max - 1) + "…";
    }
}
