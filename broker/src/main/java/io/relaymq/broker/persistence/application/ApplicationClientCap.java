package io.relaymq.broker.persistence.application;

import io.relaymq.broker.auth.AuthStep;
import io.relaymq.broker.auth.ClientAuthenticator;
import io.relaymq.broker.auth.LiveGrants;
import io.relaymq.broker.auth.provider.AuthOutcome;
import io.relaymq.broker.auth.provider.AuthRequest;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.common.client.ClientType;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;
import java.util.function.Predicate;

/**
 * Bounds the APPLICATION clients of one node, each of which may own a Kafka topic, a consumer group and a
 * reader thread: once the node holds {@code max} of them (sessions, plus ended ones whose topic waits
 * for removal), the CONNECT of an APPLICATION client the node does not hold yet is refused with "quota
 * exceeded" (5.0 0x97, 3.1.1 0x03). A client the node holds already (a reconnect or takeover) always
 * gets in. Applied right after authentication, the first moment the client's type is known.
 */
public final class ApplicationClientCap implements ClientAuthenticator {

    private final ClientAuthenticator authenticator;
    private final int max;
    private final Predicate<String> holds;
    private final IntSupplier held;

    /**
     * @param max   APPLICATION clients per node (0: no limit)
     * @param holds whether this node holds an APPLICATION session of the client id
     * @param held  APPLICATION clients this node holds now
     */
    public ApplicationClientCap(ClientAuthenticator authenticator, int max, Predicate<String> holds, IntSupplier held) {
        this.authenticator = authenticator;
        this.max = max;
        this.holds = holds;
        this.held = held;
    }

    @Override
    public CompletableFuture<AuthOutcome> authenticate(AuthRequest request) {
        return authenticator.authenticate(request).thenApply(outcome -> admit(request.clientId(), outcome));
    }

    /** Enhanced authentication is capped the same way, once its exchange ends with a grant. */
    @Override
    public CompletableFuture<AuthStep> authenticateEnhanced(AuthRequest request, String method, byte[] data) {
        return authenticator
                .authenticateEnhanced(request, method, data)
                .thenApply(step -> capped(request.clientId(), step));
    }

    private AuthStep capped(String clientId, AuthStep step) {
        if (step.isDone()) {
            return AuthStep.done(admit(clientId, step.outcome()));
        }
        return AuthStep.challenge(
                step.challenge(), answer -> step.next().answer(answer).thenApply(next -> capped(clientId, next)));
    }

    AuthOutcome admit(String clientId, AuthOutcome outcome) {
        if (max == 0
                || !outcome.isGranted()
                || outcome.grant().clientType() != ClientType.APPLICATION
                || holds.test(clientId)) {
            return outcome;
        }
        int now = held.getAsInt();
        if (now < max) {
            return outcome;
        }
        return AuthOutcome.refused(
                ConnectReject.QUOTA_EXCEEDED,
                "this node holds " + now + " APPLICATION clients, the most MQTT_MAX_APPLICATION_CLIENTS allows");
    }

    @Override
    public void track(LiveGrants.Live live) {
        authenticator.track(live);
    }

    @Override
    public void untrack(LiveGrants.Live live) {
        authenticator.untrack(live);
    }
}
