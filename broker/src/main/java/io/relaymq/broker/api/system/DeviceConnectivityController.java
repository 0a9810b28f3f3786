package io.relaymq.broker.api.system;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.error.ApiNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The CA certificate devices need to trust the MQTTS listener ({@code API_MQTTS_CA_CERT_FILE}), with
 * TBMQ's paths: whether one is configured, and the file itself.
 */
@RestController
@RequestMapping("/api/device-connectivity/mqtts/certificate")
class DeviceConnectivityController {

    /** Larger than any sensible CA bundle; a bigger file is refused rather than read into memory. */
    static final long MAX_FILE_BYTES = 1024 * 1024;

    private static final Pattern CERTIFICATE =
            Pattern.compile("-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\\s]+-----END CERTIFICATE-----");

    private final ApiProperties api;

    DeviceConnectivityController(ApiProperties api) {
        this.api = api;
    }

    @GetMapping("/configured")
    boolean configured() throws IOException {
        return !certificates().isEmpty();
    }

    /** The file's certificates as PEM; anything else in it (a private key above all) is never served. */
    @GetMapping("/download")
    ResponseEntity<byte[]> download() throws IOException {
        String pem = certificates();
        if (pem.isEmpty()) {
            throw new ApiNotFoundException("no MQTTS CA certificate is configured (API_MQTTS_CA_CERT_FILE)");
        }
        String name = file().getFileName().toString();
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_OCTET_STREAM)
                .header(
                        HttpHeaders.CONTENT_DISPOSITION,
                        ContentDisposition.attachment().filename(name).build().toString())
                .header("x-filename", name)
                .body(pem.getBytes(StandardCharsets.US_ASCII));
    }

    /** The CERTIFICATE blocks of the configured file, or "" when there is none (or no file). */
    private String certificates() throws IOException {
        Path file = file();
        if (file == null || !Files.isReadable(file)) {
            return "";
        }
        if (Files.size(file) > MAX_FILE_BYTES) {
            throw new IllegalStateException(
                    "the MQTTS CA certificate file is larger than " + MAX_FILE_BYTES + " bytes");
        }
        return certificateBlocks(Files.readString(file, StandardCharsets.ISO_8859_1));
    }

    /** The CERTIFICATE blocks of a PEM text, each ending in a line break; keys and other blocks are left out. */
    static String certificateBlocks(String text) {
        StringBuilder pem = new StringBuilder();
        Matcher block = CERTIFICATE.matcher(text);
        while (block.find()) {
            pem.append(block.group()).append('\n');
        }
        return pem.toString();
    }

    private Path file() {
        String name = api.mqttsCaCertFile();
        return name == null || name.isBlank() ? null : Path.of(name);
    }
}
