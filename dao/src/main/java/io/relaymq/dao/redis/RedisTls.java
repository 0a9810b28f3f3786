package io.relaymq.dao.redis;

/**
 * TLS to Redis, for every connection type (ElastiCache with in-transit encryption, or self-managed servers with
 * {@code tls-port}).
 *
 * @param enabled          connect with TLS to every node (cluster: the seeds and those the cluster names; sentinel:
 *                         the sentinels and the master they name)
 * @param trustCertificate PEM file of the CA certificates to trust; empty: the JVM's trust store (which
 *                         holds the public CAs ElastiCache's certificates chain to)
 * @param verifyPeer       check that the certificate names the host connected to; off only for nodes
 *                         addressed by IP whose certificates name hosts
 */
public record RedisTls(boolean enabled, String trustCertificate, boolean verifyPeer) {

    /** Plain TCP. */
    public static final RedisTls OFF = new RedisTls(false, "", true);

    public RedisTls {
        trustCertificate = trustCertificate == null ? "" : trustCertificate.strip();
    }
}
