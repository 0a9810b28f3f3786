package io.relaymq.broker.persistence.device;

import io.relaymq.broker.metrics.MqttMetrics;
import io.relaymq.broker.session.QuotaLog;
import io.relaymq.dao.device.DeviceMessageStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts and logs the oldest stored messages of a persistent DEVICE session that a save removed to stay
 * within the stored-message limit ({@code stored_full}) or the per-client byte limit ({@code stored_bytes});
 * each client is logged at most once a minute.
 */
final class StoredTrimLog implements DeviceMessageStore.Trimmed {

    private static final Logger log = LoggerFactory.getLogger(StoredTrimLog.class);

    private final MqttMetrics metrics;
    private final QuotaLog quotaLog = new QuotaLog(log, "stored messages over the limit, oldest dropped");

    StoredTrimLog(MqttMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    public void trimmed(String clientId, long forMessages, long forBytes) {
        if (forMessages > 0) {
            metrics.dropped("stored_full", (int) forMessages);
        }
        if (forBytes > 0) {
            metrics.dropped("stored_bytes", (int) forBytes);
            metrics.quotaExceeded("queued_bytes");
        }
        quotaLog.hit(clientId, forMessages + " for the message limit, " + forBytes + " for the byte limit");
    }
}
