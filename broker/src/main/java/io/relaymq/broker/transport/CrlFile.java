package io.relaymq.broker.transport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CRL;
import java.security.cert.CertificateFactory;
import java.security.cert.X509CRL;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The CRLs of a PEM or DER file, read again once the refresh interval has passed (on the next use, so no
 * thread is needed). A file that cannot be read at start is an error; one that cannot be read later keeps
 * the CRLs read last, with a warning.
 */
final class CrlFile {

    private static final Logger log = LoggerFactory.getLogger(CrlFile.class);

    private final Path file;
    private final Duration refreshInterval;
    private final Clock clock;
    private List<X509CRL> crls;
    private Instant readAt;

    CrlFile(Path file, Duration refreshInterval, Clock clock) {
        this.file = file;
        this.refreshInterval = refreshInterval;
        this.clock = clock;
        try {
            this.crls = read();
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cannot read the CRL file " + file + " (LISTENER_SSL_CRL_FILE): " + e.getMessage(), e);
        }
        this.readAt = clock.instant();
    }

    /** The current CRLs, read again first when they are older than the refresh interval. */
    synchronized List<X509CRL> current() {
        Instant now = clock.instant();
        if (!now.isBefore(readAt.plus(refreshInterval))) {
            readAt = now;
            try {
                crls = read();
            } catch (IOException | GeneralSecurityException e) {
                log.warn(
                        "cannot read the CRL file {} again, the CRLs read before stay in use: {}",
                        file,
                        e.getMessage());
            }
        }
        return crls;
    }

    private List<X509CRL> read() throws IOException, GeneralSecurityException {
        List<X509CRL> read = new ArrayList<>();
        try (InputStream in = Files.newInputStream(file)) {
            for (CRL crl : CertificateFactory.getInstance("X.509").generateCRLs(in)) {
                read.add((X509CRL) crl);
            }
        }
        if (read.isEmpty()) {
            throw new GeneralSecurityException("no CRL in the file");
        }
        return List.copyOf(read);
    }
}
