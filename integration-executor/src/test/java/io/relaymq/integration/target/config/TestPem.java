package io.relaymq.integration.target.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The PEM files under src/test/resources/pem (a self-signed CA certificate, a client certificate and its key). */
public final class TestPem {

    private TestPem() {}

    public static String read(String name) {
        try (InputStream in = TestPem.class.getResourceAsStream("/pem/" + name)) {
            if (in == null) {
                throw new IllegalStateException("no test resource pem/" + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
