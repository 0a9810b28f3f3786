package io.relaymq.broker.cluster;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who may continue or take over a client's session ({@code relaymq.mqtt.sessions.*}). A session belongs
 * to the principal that created it; by default a CONNECT by another principal with the same client id
 * is refused, so it can neither resume the session (its subscriptions and stored messages), end it with
 * a clean start, nor close its connection. A session recorded without a principal (written by an older
 * version) is unowned: the next principal to connect takes it and is recorded.
 *
 * @param takeoverByOtherPrincipal allow any authenticated principal to take over any client id, as
 *                                 before sessions were owned
 */
@ConfigurationProperties("relaymq.mqtt.sessions")
public record SessionOwnership(boolean takeoverByOtherPrincipal) {

    /** The default: only the owning principal continues its session. */
    public static final SessionOwnership STRICT = new SessionOwnership(false);

    /** Whether {@code claimant} may continue or replace a session recorded for {@code owner}. */
    public boolean permits(String owner, String claimant) {
        return takeoverByOtherPrincipal || owner == null || owner.isEmpty() || owner.equals(claimant);
    }
}
