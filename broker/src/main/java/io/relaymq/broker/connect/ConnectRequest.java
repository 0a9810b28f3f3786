package io.relaymq.broker.connect;

import io.relaymq.common.message.PublishedMessage;

/**
 * A CONNECT that passed validation: what the session and the connection are set up from.
 *
 * @param clientId           the client id, assigned by the broker when the client sent none
 * @param assigned           true when the broker assigned the id (5.0 tells the client in CONNACK)
 * @param cleanStart         discard any existing session
 * @param expirySeconds      session expiry granted (capped by the broker's maximum)
 * @param expiryCapped       the client asked for more than granted (5.0 tells it in CONNACK)
 * @param keepAliveSeconds   keep alive in force
 * @param serverKeepAlive    keep alive the broker imposes (5.0 Server Keep Alive), or null
 * @param receiveMaximum     the client's Receive Maximum
 * @param maxPacketSize      the client's Maximum Packet Size
 * @param will               the will message, or null
 * @param willDelaySeconds   the will delay interval
 * @param responseInformation the client asked for response information (5.0)
 * @param topicAliasMaximum  topic aliases the client accepts from the broker (5.0), 0 for none
 */
public record ConnectRequest(
        String clientId,
        boolean assigned,
        boolean cleanStart,
        long expirySeconds,
        boolean expiryCapped,
        int keepAliveSeconds,
        Integer serverKeepAlive,
        int receiveMaximum,
        long maxPacketSize,
        PublishedMessage will,
        long willDelaySeconds,
        boolean responseInformation,
        int topicAliasMaximum) {}
