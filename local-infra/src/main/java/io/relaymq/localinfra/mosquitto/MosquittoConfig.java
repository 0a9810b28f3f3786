package io.relaymq.localinfra.mosquitto;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a {@link MosquittoServer} is started with.
 *
 * @param users user names and their passwords; empty for anonymous access
 * @param acl   the lines of an ACL file (e.g. {@code topic readwrite allowed/#}); empty for none, so that every
 *              client may use every topic
 * @param tls   the listener's certificate and key files; empty for plain TCP
 */
public record MosquittoConfig(Map<String, String> users, List<String> acl, Optional<TlsFiles> tls) {

    /** PEM files of the server certificate (chain) and its private key. */
    public record TlsFiles(Path certificate, Path privateKey) {}

    public MosquittoConfig {
        users = Map.copyOf(users);
        acl = List.copyOf(acl);
    }

    /** Anonymous access to every topic over plain TCP. */
    public static MosquittoConfig anonymous() {
        return new MosquittoConfig(Map.of(), List.of(), Optional.empty());
    }

    public MosquittoConfig withUsers(Map<String, String> value) {
        return new MosquittoConfig(value, acl, tls);
    }

    public MosquittoConfig withAcl(List<String> value) {
        return new MosquittoConfig(users, value, tls);
    }

    public MosquittoConfig withTls(Path certificate, Path privateKey) {
        return new MosquittoConfig(users, acl, Optional.of(new TlsFiles(certificate, privateKey)));
    }
}
