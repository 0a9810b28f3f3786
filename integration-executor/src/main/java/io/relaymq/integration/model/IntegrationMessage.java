package io.relaymq.integration.model;

import io.relaymq.common.message.PublishedMessage;
import java.util.UUID;

/**
 * One application message on its way to one integration.
 *
 * @param integrationId the integration the broker routed it to
 * @param message       the message as the publisher sent it
 * @param routedMillis  when the broker routed it to the integration
 */
public record IntegrationMessage(UUID integrationId, PublishedMessage message, long routedMillis) {}
